import { LEAD_STATUS_LABELS, type LeadStatus } from '@vitrine/contracts';
import { AlarmClock, FlaskConical, Gauge, Repeat, ShieldAlert } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LEAD_STATUS_TONES } from '../statuses';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge tone={LEAD_STATUS_TONES[status]} dot>
      {LEAD_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

/** Still "Novo" past the agency's first-response deadline (Configurações). */
export function OverdueBadge() {
  return (
    <Badge tone="red" title="Ainda sem atendimento depois do prazo definido em Configurações">
      <AlarmClock aria-hidden="true" />
      Atrasado
    </Badge>
  );
}

/** The flags a lead can carry next to its name: overdue, came back, test, quarantined, over the plan. */
export function LeadFlags({
  lead,
}: {
  lead: {
    is_repeat: boolean;
    is_test: boolean;
    quarantined: boolean;
    overdue?: boolean;
    over_plan_limit?: boolean;
  };
}) {
  return (
    <>
      {lead.overdue && <OverdueBadge />}
      {lead.is_repeat && (
        <Badge tone="info" title="Esta pessoa já tinha deixado contato antes">
          <Repeat aria-hidden="true" />
          Retorno
        </Badge>
      )}
      {lead.is_test && (
        <Badge tone="outline">
          <FlaskConical aria-hidden="true" />
          Teste
        </Badge>
      )}
      {lead.quarantined && (
        <Badge tone="yellow">
          <ShieldAlert aria-hidden="true" />
          Quarentena
        </Badge>
      )}
      {lead.over_plan_limit && (
        <Badge tone="outline" title="Chegou depois do limite de leads do mês do plano: guardado mesmo assim">
          <Gauge aria-hidden="true" />
          Além do plano
        </Badge>
      )}
    </>
  );
}

/** The last error, with its HTTP code unless the message already names it. */
export function errorText(d: { last_error: string | null; last_status_code: number | null }): string {
  if (!d.last_error) return '';
  const code = d.last_status_code;
  return code && !d.last_error.includes(String(code)) ? `HTTP ${code}: ${d.last_error}` : d.last_error;
}
