import { DELIVERY_STATUS_LABELS, type DeliveryStatus } from '@vitrine/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/**
 * A delivery's status, the same on the Leads screen and on the Integrações cards: the words come
 * from the contract, the colours from the console's colour language (green done, yellow waiting,
 * red failed, gray everything else).
 */
export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
  dead: 'red',
  paused: 'gray',
  canceled: 'gray',
};

export const DELIVERY_STATUS_HINTS: Record<DeliveryStatus, string> = {
  pending: 'Aguardando envio ou nova tentativa.',
  delivered: 'O sistema de destino recebeu o lead.',
  failed: 'A última tentativa falhou; uma nova está agendada.',
  dead: 'Todas as tentativas falharam. Reenvie depois de corrigir a integração.',
  paused: 'A integração está pausada ou com erro de configuração.',
  canceled: 'Não será enviada: os dados do titular foram anonimizados (LGPD).',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge tone={DELIVERY_STATUS_TONES[status] ?? 'gray'} dot title={DELIVERY_STATUS_HINTS[status]}>
      {DELIVERY_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
