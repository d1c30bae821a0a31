import { z } from 'zod';
import { ROLES } from './constants.ts';
import { isValidCnpj, optionalPhone, optionalText, digits } from './validators.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { idParams } from './params.ts';

export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export const realEstateName = z
  .string({ error: 'Informe o nome da imobiliária.' })
  .trim()
  .min(2, 'O nome da imobiliária deve ter pelo menos 2 caracteres.')
  .max(120, 'O nome da imobiliária deve ter no máximo 120 caracteres.');

export const createRealEstateBody = z.object({ name: realEstateName });
export type CreateRealEstateBody = z.input<typeof createRealEstateBody>;

/** Agency profile fields, sent as multipart (with `_method=PUT`) together with an optional `logo` file. */
export const realEstateProfileFields = z.object({
  name: realEstateName,
  cnpj: optionalText('O CNPJ', 18)
    .refine((v) => v === null || isValidCnpj(v), { message: 'Informe um CNPJ válido.' })
    .transform((v) => (v ? digits(v) : null)),
  creci: optionalText('O CRECI', 20),
  phone: optionalPhone('O telefone'),
  whatsapp: optionalPhone('O WhatsApp'),
  email: optionalText('O e-mail', 255).refine((v) => v === null || z.email().safeParse(v).success, {
    message: 'Informe um e-mail válido.',
  }),
  website: optionalText('O site', 255).refine((v) => v === null || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), {
    message: 'Informe o endereço completo do site, começando com https://.',
  }),
  zip_code: optionalText('O CEP', 9).refine((v) => v === null || digits(v).length === 8, {
    message: 'Informe um CEP com 8 dígitos.',
  }),
  address: optionalText('O endereço', 255),
  neighborhood: optionalText('O bairro', 120),
  city: optionalText('A cidade', 120),
  state: optionalText('O estado', 2).refine(
    (v) => v === null || (BRAZILIAN_STATES as readonly string[]).includes(v.toUpperCase()),
    {
      message: 'Informe a sigla de um estado brasileiro.',
    },
  ),
  remove_logo: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type RealEstateProfileFields = z.input<typeof realEstateProfileFields>;

export const realEstateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo_url: z.string().nullable(),
  cnpj: z.string().nullable(),
  creci: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  zip_code: z.string().nullable(),
  address: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  role: z.enum(ROLES),
  created_at: z.string(),
});
export type RealEstate = z.infer<typeof realEstateSchema>;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

export const realEstateResponse = z.object({ data: realEstateSchema });

export const realEstateEndpoints = {
  createRealEstate: {
    tags: ['real-estates'],
    summary: 'Criar imobiliária',
    body: createRealEstateBody,
    status: 201,
    response: realEstateResponse,
  },
  getRealEstate: {
    tags: ['real-estates'],
    summary: 'Dados da imobiliária',
    params: idParams,
    response: realEstateResponse,
  },
  updateRealEstate: {
    tags: ['real-estates'],
    summary: 'Atualizar perfil da imobiliária',
    description: 'JSON com os campos do perfil, ou multipart com os campos e o arquivo logo.',
    params: idParams,
    body: realEstateProfileFields,
    bodyParsedByHandler: true,
    response: realEstateResponse,
  },
  updateRealEstateMultipart: {
    tags: ['real-estates'],
    summary: 'Atualizar perfil da imobiliária (multipart com _method=PUT e arquivo logo)',
    params: idParams,
    consumes: ['multipart/form-data'],
    response: realEstateResponse,
  },
} as const satisfies EndpointSchemas;
