/**
 * Colours and words of statuses, with the console's one colour language (style guide): green is
 * done and fine, yellow is in progress or waiting, red is an error, gray is everything else. A new
 * lead is the one thing that asks for attention, so it gets the brand colour.
 */
import type { LeadStatus } from '@vitrine/contracts';
import type { BadgeTone } from '@/components/ui/badge';
import type { DeliveryOutcome, DeliveryStatus } from './types';

export const LEAD_STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  novo: 'brand',
  em_atendimento: 'yellow',
  visita_agendada: 'yellow',
  proposta: 'yellow',
  ganho: 'green',
  perdido: 'gray',
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Na fila',
  delivered: 'Entregue',
  failed: 'Falhou',
  dead: 'Falha definitiva',
  paused: 'Pausada',
};

export const DELIVERY_STATUS_HINTS: Record<DeliveryStatus, string> = {
  pending: 'Aguardando envio ou nova tentativa.',
  delivered: 'O sistema de destino recebeu o lead.',
  failed: 'A última tentativa falhou; uma nova está agendada.',
  dead: 'Todas as tentativas falharam. Reenvie depois de corrigir a integração.',
  paused: 'A integração está pausada ou com erro de configuração.',
};

export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, BadgeTone> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
  dead: 'red',
  paused: 'gray',
};

export const DELIVERY_OUTCOME_LABELS: Record<DeliveryOutcome, string> = {
  delivered: 'Entregue',
  retry: 'Falhou, nova tentativa agendada',
  failed: 'Falhou',
  paused: 'Pausada',
  disabled: 'Integração desativada',
  dead: 'Falhou, sem novas tentativas',
};

export const DELIVERY_OUTCOME_TONES: Record<DeliveryOutcome, BadgeTone> = {
  delivered: 'green',
  retry: 'yellow',
  failed: 'red',
  paused: 'gray',
  disabled: 'gray',
  dead: 'red',
};

/** Only these can be sent again (the server answers 409 for delivered and pending ones). */
export const REPLAYABLE: readonly DeliveryStatus[] = ['failed', 'dead', 'paused'];
export const canReplay = (status: DeliveryStatus) => REPLAYABLE.includes(status);
