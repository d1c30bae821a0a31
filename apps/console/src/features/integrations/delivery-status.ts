import type { BadgeTone } from '@/components/ui/badge';
import type { DeliveryStatus } from './api/get-deliveries';

/** Labels and colours of the delivery ledger's statuses (same colour language as the status dot). */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pendente', tone: 'yellow' },
  delivered: { label: 'Entregue', tone: 'green' },
  failed: { label: 'Falhou', tone: 'red' },
  dead: { label: 'Tentativas esgotadas', tone: 'red' },
  paused: { label: 'Pausada', tone: 'gray' },
};

/** The server replays failed, dead and paused deliveries (409 for the others). */
export const canReplay = (status: DeliveryStatus) =>
  status === 'failed' || status === 'dead' || status === 'paused';
