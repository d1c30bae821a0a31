/**
 * Agency preferences (docs/product.md#preferences): a fixed set of keys, each a row {id, key, value}
 * with a label and a description. GET answers every key (with its default until it is changed);
 * PUT /v1/preferences/{id} {value} validates the value with the key's schema below.
 */
import { z } from 'zod';
import { clipWithEllipsis, emailField, normalizeBrazilianPhone } from './validators.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';

export const PREFERENCE_KEYS = [
  'lead_alert_emails',
  'response_sla_minutes',
  'lead_auto_reply',
  'whatsapp_number',
  'whatsapp_message',
  'brand_color',
  'meta_pixel_id',
  'ga4_measurement_id',
  'gtm_container_id',
  'sitemap_closed_pages',
] as const;
export type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

export const LEAD_ALERT_EMAILS_MAX = 10;
export const WHATSAPP_MESSAGE_MAX = 500;
export const AUTO_REPLY_MESSAGE_MAX = 2000;
export const RESPONSE_SLA_MAX_MINUTES = 7 * 24 * 60;
/** The landing pages' colour when the agency chose none (landing-assets.ts). */
export const DEFAULT_BRAND_COLOR = '#0f766e';
/** Buttons on the landing page carry white text: the brand colour must keep it readable (WCAG AA). */
export const BRAND_COLOR_MIN_CONTRAST = 4.5;

export interface LeadAutoReply {
  enabled: boolean;
  message: string;
}

export interface PreferenceValues {
  lead_alert_emails: string[];
  response_sla_minutes: number;
  lead_auto_reply: LeadAutoReply;
  whatsapp_number: string;
  whatsapp_message: string;
  brand_color: string;
  meta_pixel_id: string;
  ga4_measurement_id: string;
  gtm_container_id: string;
  /** Sold and rented pages stay in /sitemap.xml (drafts never: they are not public). */
  sitemap_closed_pages: boolean;
}

export const PREFERENCE_DEFAULTS: PreferenceValues = {
  lead_alert_emails: [],
  response_sla_minutes: 60,
  lead_auto_reply: {
    enabled: false,
    message:
      'Olá, {nome}! Recebemos seu contato sobre o imóvel "{titulo}" e em breve um corretor vai falar com você.',
  },
  whatsapp_number: '',
  whatsapp_message: 'Olá! Tenho interesse no imóvel "{titulo}": {link}',
  brand_color: '',
  meta_pixel_id: '',
  ga4_measurement_id: '',
  gtm_container_id: '',
  sitemap_closed_pages: false,
};

/** How the screen and the API describe each key. */
export const PREFERENCE_LABELS: Record<PreferenceKey, { label: string; description: string }> = {
  lead_alert_emails: {
    label: 'E-mails que recebem o aviso de novo lead',
    description:
      'Cada lead novo gera um e-mail para estes endereços; leads que chegam juntos vêm num só e-mail. Vazio: o aviso vai para proprietários e administradores.',
  },
  response_sla_minutes: {
    label: 'Prazo de primeiro atendimento (minutos)',
    description:
      'Leads novos sem atendimento depois deste prazo aparecem como atrasados em Leads e no Dashboard. 0 desativa.',
  },
  lead_auto_reply: {
    label: 'Resposta automática ao visitante',
    description: 'E-mail enviado a quem deixou contato com e-mail. Use {nome}, {titulo} e {link} no texto.',
  },
  whatsapp_number: {
    label: 'Número de WhatsApp das páginas',
    description:
      'O botão de WhatsApp de todas as páginas abre conversa com este número. Vazio: o WhatsApp do perfil da imobiliária.',
  },
  whatsapp_message: {
    label: 'Mensagem inicial do WhatsApp',
    description:
      'Texto que o visitante já encontra escrito. {titulo} vira o título do imóvel e {link} o endereço da página.',
  },
  brand_color: {
    label: 'Cor da marca nas páginas',
    description: 'Botões e destaques das páginas de imóveis. Vazio: a cor padrão.',
  },
  meta_pixel_id: {
    label: 'Meta Pixel (Facebook e Instagram)',
    description: 'ID numérico do pixel. Só entra nas páginas quando preenchido.',
  },
  ga4_measurement_id: {
    label: 'Google Analytics 4',
    description: 'ID de métricas no formato G-XXXXXXXXXX. Só entra nas páginas quando preenchido.',
  },
  gtm_container_id: {
    label: 'Google Tag Manager',
    description: 'ID do contêiner no formato GTM-XXXXXXX. Só entra nas páginas quando preenchido.',
  },
  sitemap_closed_pages: {
    label: 'Manter imóveis vendidos ou alugados no sitemap',
    description:
      'Ligado: as páginas vendidas ou alugadas continuam no sitemap para os buscadores, com o aviso de vendido ou alugado e imóveis parecidos. Desligado: só as páginas publicadas. Rascunhos nunca entram.',
  },
};

/** Relative luminance of an sRGB hex colour (WCAG 2.x). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on this colour. */
export const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres.`);

/** An optional id: empty clears it, otherwise it must match the format. */
const optionalId = (label: string, pattern: RegExp, format: string) =>
  trimmed(label, 40)
    .transform((v) => v.toUpperCase())
    .refine((v) => v === '' || pattern.test(v), { message: `${label}: use o formato ${format}.` });

const quoted = (v: string) => `“${clipWithEllipsis(v, 60)}”`;

/** One address of the alert list: a bad one is named, so that it can be found in a list of ten. */
const alertEmail = z
  .string({ error: 'Cada e-mail do aviso deve ser um texto.' })
  .trim()
  .superRefine((v, ctx) => {
    if (!v) ctx.addIssue({ code: 'custom', message: 'A lista de e-mails do aviso tem uma linha vazia.' });
    else if (v.length > 255)
      ctx.addIssue({ code: 'custom', message: `${quoted(v)} tem mais de 255 caracteres.` });
    else if (!emailField.safeParse(v).success)
      ctx.addIssue({ code: 'custom', message: `${quoted(v)} não é um e-mail válido.` });
  })
  .transform((v) => v.toLowerCase());

/** The schema of each key's value (the server's 422 and the console's form use the same). */
export const preferenceValueSchemas = {
  lead_alert_emails: z
    .array(alertEmail, { error: 'Os e-mails do aviso devem ser uma lista.' })
    .max(LEAD_ALERT_EMAILS_MAX, `Informe no máximo ${LEAD_ALERT_EMAILS_MAX} e-mails para o aviso.`)
    .transform((list) => [...new Set(list)]),
  response_sla_minutes: z
    .number({ error: 'O prazo de atendimento deve ser um número de minutos.' })
    .int('O prazo de atendimento deve ser um número inteiro de minutos.')
    .min(0, 'O prazo de atendimento não pode ser negativo.')
    .max(
      RESPONSE_SLA_MAX_MINUTES,
      `O prazo de atendimento deve ser de no máximo ${RESPONSE_SLA_MAX_MINUTES} minutos (7 dias).`,
    ),
  lead_auto_reply: z
    .object(
      {
        enabled: z.boolean({ error: 'Indique se a resposta automática está ligada.' }),
        message: trimmed('A resposta automática', AUTO_REPLY_MESSAGE_MAX),
      },
      { error: 'A resposta automática deve ter os campos enabled e message.' },
    )
    .refine((v) => !v.enabled || v.message.length > 0, {
      message: 'Escreva o texto da resposta automática ou desligue-a.',
      path: ['message'],
    }),
  whatsapp_number: trimmed('O número de WhatsApp', 30)
    .refine((v) => v === '' || normalizeBrazilianPhone(v) !== null, {
      message: 'O número de WhatsApp: informe um celular brasileiro com DDD.',
    })
    .transform((v) => (v === '' ? '' : normalizeBrazilianPhone(v)!)),
  whatsapp_message: trimmed('A mensagem do WhatsApp', WHATSAPP_MESSAGE_MAX).min(
    1,
    'Escreva a mensagem do WhatsApp.',
  ),
  brand_color: trimmed('A cor da marca', 7)
    .transform((v) => v.toLowerCase())
    .refine((v) => v === '' || /^#[0-9a-f]{6}$/.test(v), {
      message: 'A cor da marca: use o formato #RRGGBB (por exemplo #0f766e).',
    })
    .refine(
      (v) => v === '' || !/^#[0-9a-f]{6}$/.test(v) || contrastWithWhite(v) >= BRAND_COLOR_MIN_CONTRAST,
      {
        message:
          'A cor da marca é clara demais: o texto branco dos botões ficaria ilegível. Escolha um tom mais escuro.',
      },
    ),
  meta_pixel_id: trimmed('O ID do Meta Pixel', 40).refine((v) => v === '' || /^\d{10,20}$/.test(v), {
    message: 'O ID do Meta Pixel: use só os números do pixel (de 10 a 20 dígitos).',
  }),
  ga4_measurement_id: optionalId('O ID do Google Analytics 4', /^G-[A-Z0-9]{4,15}$/, 'G-XXXXXXXXXX'),
  gtm_container_id: optionalId('O ID do Google Tag Manager', /^GTM-[A-Z0-9]{4,10}$/, 'GTM-XXXXXXX'),
  sitemap_closed_pages: z.boolean({
    error: 'Manter imóveis vendidos ou alugados no sitemap: use verdadeiro (true) ou falso (false).',
  }),
} satisfies Record<PreferenceKey, z.ZodType>;

/**
 * A key's value in an answer: each key's schema (preferenceValueSchemas) checked it when it was saved, so
 * the answer is not checked again; typed as any key's value, as `Preference` says.
 */
const preferenceValue = z.unknown() as unknown as z.ZodType<PreferenceValues[PreferenceKey]>;

export const preferenceSchema = z.object({
  id: z.number().int(),
  key: z.enum(PREFERENCE_KEYS),
  value: preferenceValue,
  label: z.string(),
  description: z.string(),
});
export type Preference<K extends PreferenceKey = PreferenceKey> = {
  id: number;
  key: K;
  value: PreferenceValues[K];
  label: string;
  description: string;
};

export const preferencesListResponse = z.object({ data: z.array(preferenceSchema) });
export const preferenceResponse = z.object({ data: preferenceSchema, message: z.string().optional() });
export const updatePreferenceBody = z.object({ value: z.unknown() });

/** Fills a template's {placeholders}; unknown ones stay as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export const preferenceEndpoints = {
  getPreferences: {
    tags: ['preferences'],
    summary: 'Preferências da imobiliária (todas as chaves, com o padrão quando não foram alteradas)',
    params: idParams,
    response: preferencesListResponse,
  },
  updatePreferences: {
    tags: ['preferences'],
    summary: 'Alterar uma preferência ({value}; um valor inválido é 422)',
    params: idParams,
    body: updatePreferenceBody,
    response: preferenceResponse,
  },
} as const satisfies EndpointSchemas;
