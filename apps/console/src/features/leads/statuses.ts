/**
 * Colours of statuses, with the console's one colour language (style guide): green is done and
 * fine, yellow is in progress or waiting, red is an error, gray is everything else. A new lead is
 * the one thing that asks for attention, so it gets the brand colour. The words are the contract's
 * (LEAD_STATUS_LABELS, DELIVERY_OUTCOME_LABELS); delivery statuses have their own badge
 * (@/components/delivery-status-badge).
 */
import type { DeliveryOutcome, LeadStatus } from '@vitrine/contracts';
import type { BadgeTone } from '@/components/ui/badge';

export const LEAD_STATUS_TONES: Record<LeadStatus, BadgeTone> = {
  novo: 'brand',
  em_atendimento: 'yellow',
  visita_agendada: 'yellow',
  proposta: 'yellow',
  ganho: 'green',
  perdido: 'gray',
};

export const DELIVERY_OUTCOME_TONES: Record<DeliveryOutcome, BadgeTone> = {
  delivered: 'green',
  retry: 'yellow',
  failed: 'red',
  paused: 'gray',
  disabled: 'gray',
  dead: 'red',
};
