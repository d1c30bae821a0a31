/**
 * The quarantine, visible: how many leads wait there (from the list's meta.quarantined), one click to
 * see them, and "Liberar" on each. No lead the agency received may look like it vanished.
 */
import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useReleaseLead } from '../api/release-lead';
import type { Lead } from '@vitrine/contracts';

/** "1 lead em quarentena", "3 leads em quarentena". */
export const quarantineCountText = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'} em quarentena`;

/** Above the normal list when some leads (with the same filters) are in quarantine. */
export function QuarantineNotice({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <Alert variant="warning" data-testid="quarantine-notice">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p>
          <strong>{quarantineCountText(count)}</strong>: suspeitos de spam, guardados sem ir ao seu CRM até
          você liberá-los.
        </p>
        <Button size="sm" variant="outline" onClick={onShow}>
          <ShieldAlert aria-hidden="true" />
          Ver {count === 1 ? 'o lead' : `os ${count}`} em quarentena
        </Button>
      </div>
    </Alert>
  );
}

/** Above the quarantined list: what it is and the way back. */
export function QuarantineHeader({ count, onBack }: { count: number; onBack: () => void }) {
  return (
    <Alert variant="warning" data-testid="quarantine-header">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p>
          Você está vendo os <strong>{quarantineCountText(count)}</strong>. Eles não foram enviados às
          integrações nem geraram aviso por e-mail. Confira o motivo de cada um e libere os que forem contatos
          de verdade.
        </p>
        <Button size="sm" variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Voltar aos leads
        </Button>
      </div>
    </Alert>
  );
}

/** The reason the server gave, in words. */
export function QuarantineReason({ lead }: { lead: Pick<Lead, 'quarantined' | 'quarantine_reason'> }) {
  if (!lead.quarantined) return null;
  return (
    <p className="text-xs text-amber-800">
      <span className="font-medium">Motivo:</span> {lead.quarantine_reason ?? 'suspeita de spam'}
    </p>
  );
}

/** "Liberar": forwards the lead to the integrations; the lists refresh. */
export function ReleaseLeadButton({
  realEstateId,
  lead,
}: {
  realEstateId: number;
  lead: Pick<Lead, 'id' | 'name'>;
}) {
  const release = useReleaseLead(realEstateId);
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={release.isPending}
      aria-label={`Liberar ${lead.name}`}
      onClick={() =>
        release.mutate(lead.id, {
          onSuccess: (result) =>
            toast({
              variant: 'success',
              title: 'Lead liberado',
              description: <span>{`${lead.name}: ${result.message ?? 'encaminhado às integrações.'}`}</span>,
            }),
          onError: (error) =>
            toast({
              variant: 'danger',
              title: 'Não foi possível liberar o lead',
              description: <span>{getApiErrorMessage(error)}</span>,
            }),
        })
      }
    >
      <ShieldCheck aria-hidden="true" />
      {release.isPending ? 'Liberando...' : 'Liberar'}
    </Button>
  );
}
