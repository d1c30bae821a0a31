import { z } from 'zod';
import { normalizeBrazilianPhone } from './validators.ts';

export const LEAD_STATUSES = ['novo', 'em_atendimento', 'visita_agendada', 'proposta', 'ganho', 'perdido'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  novo: 'Novo',
  em_atendimento: 'Em atendimento',
  visita_agendada: 'Visita agendada',
  proposta: 'Proposta',
  ganho: 'Ganho',
  perdido: 'Perdido',
};

export const LEAD_SOURCE_LABELS: Record<string, string> = {
  landing_page: 'Página do imóvel',
  teste: 'Lead de teste',
  api: 'API',
};

const short = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));

const truthy = z
  .union([z.boolean(), z.string(), z.number()], { error: 'É preciso autorizar o contato para enviar.' })
  .nullish()
  .transform((v) => v === true || v === 1 || (typeof v === 'string' && ['1', 'true', 'on', 'sim', 'yes'].includes(v.toLowerCase())));

/** The public lead form (api-contract.md), JSON or form-encoded. */
export const publicLeadBody = z
  .object({
    name: z
      .string({ error: 'Informe seu nome.' })
      .trim()
      .min(2, 'Informe seu nome.')
      .max(120, 'O nome deve ter no máximo 120 caracteres.'),
    email: short('O e-mail', 255).refine((v) => v === null || z.email().safeParse(v).success, 'Informe um e-mail válido.'),
    phone: short('O telefone', 30).refine((v) => v === null || normalizeBrazilianPhone(v) !== null, 'Informe um telefone com DDD, como (11) 98888-7777.'),
    message: short('A mensagem', 2000),
    consent: truthy.refine((v) => v, 'É preciso autorizar o contato para enviar.'),
    utm_source: short('utm_source', 200),
    utm_medium: short('utm_medium', 200),
    utm_campaign: short('utm_campaign', 200),
    utm_term: short('utm_term', 200),
    utm_content: short('utm_content', 200),
    gclid: short('gclid', 500),
    fbclid: short('fbclid', 500),
    session_id: short('session_id', 100),
    referrer: short('referrer', 2000),
    /** Honeypot: people never fill it. */
    website: short('website', 500),
    _ts: short('_ts', 200),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Informe um telefone ou um e-mail para contato.' });
  });
export type PublicLeadBody = z.input<typeof publicLeadBody>;

export const updateLeadBody = z.object({
  status: z.enum(LEAD_STATUSES, { error: `O status deve ser um de: ${LEAD_STATUSES.join(', ')}.` }),
});
