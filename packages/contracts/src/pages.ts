/**
 * Property landing pages ("páginas"): the request bodies the console sends, the shape the API answers,
 * the Portuguese labels, and the helpers both sides use (slug, suggested title).
 */
import { z } from 'zod';
import { BRAZILIAN_STATES } from './real-estates.ts';
import { clipWithEllipsis, digits, normalizeBrazilianPhone } from './validators.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { paginatedSchema, pageQuery } from './pagination.ts';
import { documentBody, idParams, noContent, uuidParams } from './params.ts';

export const PAGE_STATUSES = ['draft', 'published', 'sold', 'rented'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_PURPOSES = ['sale', 'rent'] as const;
export type PagePurpose = (typeof PAGE_PURPOSES)[number];
/** How a page came to be: typed in the console, or imported from a catalog. */
export const PAGE_SOURCES = ['manual', 'catalog'] as const;
export const PROPERTY_TYPES = [
  'apartment',
  'house',
  'condo',
  'townhouse',
  'land',
  'commercial',
  'farm',
  'other',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  draft: 'Rascunho',
  published: 'Publicada',
  sold: 'Vendido',
  rented: 'Alugado',
};
export const PAGE_PURPOSE_LABELS: Record<PagePurpose, string> = { sale: 'Venda', rent: 'Aluguel' };
export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  apartment: 'Apartamento',
  house: 'Casa',
  condo: 'Casa em condomínio',
  townhouse: 'Sobrado',
  land: 'Terreno',
  commercial: 'Comercial',
  farm: 'Rural (sítio, chácara, fazenda)',
  other: 'Outro',
};

export const PAGE_LIMITS = {
  title: 200,
  slug: 100,
  listingCode: 100,
  description: 5000,
  features: 50,
  feature: 80,
  photos: 40,
  photoBytes: 10 * 1024 * 1024,
  /** R$ 1 trillion in cents: far above any property, far below Number.MAX_SAFE_INTEGER. */
  moneyCents: 100_000_000_000_000,
  area: 1_000_000_000,
  rooms: 999,
  deleteMany: 500,
} as const;
export const PAGE_PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A readable URL slug: "Apartamento 3 quartos – Pinheiros!" → "apartamento-3-quartos-pinheiros". */
export function slugify(value: string, maxLength = 80): string {
  const slug = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœ]/gi, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe' })[c.toLowerCase() as 'ß' | 'æ' | 'œ'])
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= maxLength) return slug;
  const cut = slug.slice(0, maxLength);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > maxLength / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

/** Optional text: trimmed, empty becomes null, longer than max is refused naming the field. */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} deve ser um texto.` })
    .trim()
    .max(max, `${label} deve ter no máximo ${max} caracteres.`)
    .nullable()
    .transform((v) => (v ? v : null));

const money = (label: string) =>
  z
    .number({ error: `${label} deve ser um número inteiro de centavos.` })
    .int(`${label} deve ser um número inteiro de centavos.`)
    .min(0, `${label} não pode ser negativo.`)
    .max(PAGE_LIMITS.moneyCents, `${label} é alto demais.`)
    .nullable();

const count = (label: string) =>
  z
    .number({ error: `${label} deve ser um número inteiro.` })
    .int(`${label} deve ser um número inteiro.`)
    .min(0, `${label} não pode ser negativo.`)
    .max(PAGE_LIMITS.rooms, `${label} deve ser no máximo ${PAGE_LIMITS.rooms}.`)
    .nullable();

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `${label} deve ser um número.` })
    .min(-limit, `${label} deve estar entre -${limit} e ${limit}.`)
    .max(limit, `${label} deve estar entre -${limit} e ${limit}.`)
    .nullable();

export const pageTitle = z
  .string({ error: 'Informe o título da página.' })
  .trim()
  .min(3, 'O título deve ter pelo menos 3 caracteres.')
  .max(PAGE_LIMITS.title, `O título deve ter no máximo ${PAGE_LIMITS.title} caracteres.`);

export const pageSlug = z
  .string({ error: 'O endereço (slug) deve ser um texto.' })
  .trim()
  .toLowerCase()
  .min(3, 'O endereço (slug) deve ter pelo menos 3 caracteres.')
  .max(PAGE_LIMITS.slug, `O endereço (slug) deve ter no máximo ${PAGE_LIMITS.slug} caracteres.`)
  .regex(
    SLUG_PATTERN,
    'O endereço (slug) deve ter apenas letras minúsculas sem acento, números e hífens (ex.: apartamento-3-quartos-pinheiros).',
  );

/** Every editable field of a page. All but the title are optional; null clears a field. */
export const pageFields = z.object({
  title: pageTitle,
  slug: pageSlug,
  status: z.enum(PAGE_STATUSES, {
    error: 'O status deve ser rascunho (draft), publicada (published), vendido (sold) ou alugado (rented).',
  }),
  listing_code: text('O código do imóvel', PAGE_LIMITS.listingCode),
  purpose: z.enum(PAGE_PURPOSES, { error: 'A finalidade deve ser venda (sale) ou aluguel (rent).' }),
  property_type: z
    .enum(PROPERTY_TYPES, { error: `O tipo de imóvel deve ser um de: ${PROPERTY_TYPES.join(', ')}.` })
    .nullable(),
  price_cents: money('O preço'),
  condo_fee_cents: money('O condomínio'),
  iptu_cents: money('O IPTU'),
  currency: z.literal('BRL', { error: 'A moeda deve ser BRL.' }),
  area_m2: z
    .number({ error: 'A área deve ser um número inteiro de m².' })
    .int('A área deve ser um número inteiro de m².')
    .min(0, 'A área não pode ser negativa.')
    .max(PAGE_LIMITS.area, 'A área é grande demais.')
    .nullable(),
  bedrooms: count('O número de quartos'),
  suites: count('O número de suítes'),
  bathrooms: count('O número de banheiros'),
  parking_spaces: count('O número de vagas'),
  address: text('O endereço', 255),
  neighborhood: text('O bairro', 120),
  city: text('A cidade', 120),
  state: text('O estado', 2)
    .refine((v) => v === null || (BRAZILIAN_STATES as readonly string[]).includes(v.toUpperCase()), {
      message: 'Informe a sigla de um estado brasileiro (ex.: SP).',
    })
    .transform((v) => v?.toUpperCase() ?? null),
  zip_code: text('O CEP', 9)
    .refine((v) => v === null || digits(v).length === 8, { message: 'Informe um CEP com 8 dígitos.' })
    .transform((v) => (v ? `${digits(v).slice(0, 5)}-${digits(v).slice(5)}` : null)),
  latitude: coordinate('A latitude', 90),
  longitude: coordinate('A longitude', 180),
  description: text('A descrição', PAGE_LIMITS.description),
  features: z
    .array(
      z
        .string({ error: 'Cada característica deve ser um texto.' })
        .trim()
        .max(
          PAGE_LIMITS.feature,
          `Cada característica deve ter no máximo ${PAGE_LIMITS.feature} caracteres.`,
        ),
      { error: 'As características devem ser uma lista de textos.' },
    )
    .max(PAGE_LIMITS.features, `Informe no máximo ${PAGE_LIMITS.features} características.`)
    .transform((list) => [...new Set(list.filter(Boolean))]),
  whatsapp: text('O WhatsApp', 30)
    .refine((v) => v === null || normalizeBrazilianPhone(v) !== null, {
      message: 'O WhatsApp: informe um telefone brasileiro com DDD.',
    })
    .transform((v) => (v ? normalizeBrazilianPhone(v) : null)),
  call_to_action: text('O texto do botão', 60),
  seo_title: text('O título para buscadores', 120),
  seo_description: text('A descrição para buscadores', 320),
});
export type PageFields = z.output<typeof pageFields>;

/** `PUT /v1/pages/{id}`: any subset of the fields (`{status: "published"}` alone publishes). */
export const updatePageFields = pageFields.partial();
export type UpdatePageInput = z.input<typeof updatePageFields>;

/** `POST /v1/real-estates/{id}/pages`: `{page: {title}}` alone creates a draft. */
export const createPageBody = z.object({
  page: z.object(
    { ...pageFields.partial().shape, title: pageTitle },
    { error: 'Envie os dados da página em {page: {...}}.' },
  ),
});
export type CreatePageInput = z.input<typeof createPageBody>['page'];

export const deleteManyPagesBody = z.object({
  ids: z
    .array(
      z
        .number({ error: 'Cada id deve ser um número.' })
        .int('Cada id deve ser um número inteiro.')
        .positive('Cada id deve ser positivo.')
        .max(2_147_483_647),
      {
        error: 'Envie os ids das páginas em uma lista.',
      },
    )
    .min(1, 'Selecione pelo menos uma página.')
    .max(PAGE_LIMITS.deleteMany, `Selecione no máximo ${PAGE_LIMITS.deleteMany} páginas por vez.`),
});

export const reorderPagePhotosBody = z.object({
  order: z
    .array(z.string({ error: 'Cada foto deve ser indicada pelo seu id.' }).max(64), {
      error: 'Envie a nova ordem das fotos em order: [ids].',
    })
    .max(PAGE_LIMITS.photos, `Uma página tem no máximo ${PAGE_LIMITS.photos} fotos.`),
  /** Optional alternative texts by photo id (null clears). */
  alt: z.record(z.string().max(64), text('O texto alternativo da foto', 200)).optional(),
});

export const pageListQuery = z.object({
  search: z
    .string({ error: 'A busca deve ser um texto.' })
    .trim()
    .max(120, 'A busca deve ter no máximo 120 caracteres.')
    .optional(),
  status: z
    .enum(PAGE_STATUSES, { error: `O status deve ser um de: ${PAGE_STATUSES.join(', ')}.` })
    .optional(),
  purpose: z.enum(PAGE_PURPOSES, { error: 'A finalidade deve ser sale ou rent.' }).optional(),
  property_type: z
    .enum(PROPERTY_TYPES, { error: `O tipo de imóvel deve ser um de: ${PROPERTY_TYPES.join(', ')}.` })
    .optional(),
});
export const PAGES_DEFAULT_PER_PAGE = 15;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const pagePhotoSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  alt: z.string().nullable(),
  /** Resized WebP copies (for srcset and thumbnails); empty for catalog photos hosted elsewhere. */
  variants: z
    .array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() }))
    .optional(),
});
export type PagePhotoView = z.infer<typeof pagePhotoSchema>;

export const pageSchema = z.object({
  id: z.number().int(),
  real_estate_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(PAGE_STATUSES),
  listing_code: z.string().nullable(),
  purpose: z.enum(PAGE_PURPOSES),
  property_type: z.enum(PROPERTY_TYPES).nullable(),
  price_cents: z.number().int().nullable(),
  condo_fee_cents: z.number().int().nullable(),
  iptu_cents: z.number().int().nullable(),
  currency: z.literal('BRL'),
  area_m2: z.number().int().nullable(),
  bedrooms: z.number().int().nullable(),
  suites: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  parking_spaces: z.number().int().nullable(),
  address: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  description: z.string().nullable(),
  features: z.array(z.string()),
  /** Ordered; the first is the cover. */
  photos: z.array(pagePhotoSchema),
  whatsapp: z.string().nullable(),
  call_to_action: z.string().nullable(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  external_id: z.string().nullable(),
  external_url: z.string().nullable(),
  source: z.enum(PAGE_SOURCES),
  public_url: z.string(),
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Leads from this page, test and quarantined leads excluded (the Leads screen's rule). */
  leads_count: z.number().int().optional(),
  /** Leads from this page in quarantine (not forwarded until released). */
  quarantined_leads_count: z.number().int().optional(),
});
export type Page = z.infer<typeof pageSchema>;

// ---------------------------------------------------------------------------------------------
// Catalog import (POST /v1/pages/import/facebook-catalog, GET /v1/imports/{id})
// ---------------------------------------------------------------------------------------------

export const CATALOG_IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const CATALOG_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const CATALOG_IMPORT_STATUS_LABELS: Record<(typeof CATALOG_IMPORT_STATUSES)[number], string> = {
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};

export const catalogImportRejectedRow = z.object({
  /** CSV/TSV: the spreadsheet row (the header is row 1). XML: the listing's ordinal (1 = first). */
  row: z.number().int(),
  home_listing_id: z.string().nullable(),
  reason: z.string(),
});

export const catalogImportSchema = z.object({
  id: z.string(),
  real_estate_id: z.number().int(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  filename: z.string().nullable(),
  format: z.string().nullable(),
  bytes: z.number().int(),
  bytes_read: z.number().int(),
  /** 0–100. */
  progress: z.number().int(),
  rows_total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Listings "Publicar ao importar" would have put online past the plan's published pages: drafts. */
  over_limit_drafts: z.number().int(),
  /** Says so, naming the plan's limit (null when the limit was not reached). */
  limit_notice: z.string().nullable(),
  /** Listings imported without a price (blank, or "sob consulta" and the like in the catalog). */
  without_price: z.number().int(),
  /** Says so (null when every imported listing has a price). */
  price_notice: z.string().nullable(),
  /** All rejected rows, even when `rejected` holds only the first ones. */
  rejected_count: z.number().int(),
  rejected: z.array(catalogImportRejectedRow),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImportSchema>;

// ---------------------------------------------------------------------------------------------
// Suggested title (PATCH /v1/pages/{id}/get-title, and the console's preview)
// ---------------------------------------------------------------------------------------------

export interface PageTitleFacts {
  property_type?: PropertyType | null;
  purpose?: PagePurpose | null;
  bedrooms?: number | null;
  neighborhood?: string | null;
  city?: string | null;
}

const TITLE_NOUNS: Record<PropertyType, string> = {
  apartment: 'Apartamento',
  house: 'Casa',
  condo: 'Casa em condomínio',
  townhouse: 'Sobrado',
  land: 'Terreno',
  commercial: 'Imóvel comercial',
  farm: 'Imóvel rural',
  other: 'Imóvel',
};
const NO_BEDROOMS: ReadonlySet<PropertyType> = new Set(['land', 'commercial']);

/**
 * A title from the property's facts, in Portuguese:
 * "Apartamento com 3 quartos em Pinheiros, São Paulo", "Apartamento com 1 quarto em Pinheiros",
 * "Casa à venda em Moema, São Paulo", "Studio para alugar em Centro, Curitiba", "Imóvel à venda".
 */
export function suggestPageTitle(facts: PageTitleFacts): string {
  const type = facts.property_type ?? null;
  const purpose = facts.purpose === 'rent' ? 'para alugar' : 'à venda';
  const beds =
    typeof facts.bedrooms === 'number' && Number.isFinite(facts.bedrooms) ? Math.trunc(facts.bedrooms) : null;
  const neighborhood = facts.neighborhood?.trim() || null;
  const city = facts.city?.trim() || null;

  let head: string;
  if (beds === 0 && (type === 'apartment' || type === null)) head = `Studio ${purpose}`;
  else if (beds !== null && beds > 0 && !(type && NO_BEDROOMS.has(type))) {
    head = `${TITLE_NOUNS[type ?? 'other']} com ${beds} ${beds === 1 ? 'quarto' : 'quartos'}`;
  } else head = `${TITLE_NOUNS[type ?? 'other']} ${purpose}`;

  const places =
    neighborhood && city && neighborhood.toLowerCase() === city.toLowerCase()
      ? [city]
      : [neighborhood, city].filter((p): p is string => !!p);
  const title = places.length ? `${head} em ${places.join(', ')}` : head;
  return clipWithEllipsis(title, PAGE_LIMITS.title);
}

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

const pageResponse = z.object({ data: pageSchema });
const pageIdAndPhoto = idParams.extend({ photoId: z.string().max(64) });
/** `PUT /v1/pages/{id}` and the preview: the fields bare, or inside `{page: {...}}`. */
const pageFieldsBody = z.union([updatePageFields, z.object({ page: updatePageFields })]);

export const pageEndpoints = {
  listPages: {
    tags: ['pages'],
    summary: 'Páginas da imobiliária (busca, status, paginação)',
    params: idParams,
    query: pageQuery(PAGES_DEFAULT_PER_PAGE).extend(pageListQuery.shape),
    response: paginatedSchema(pageSchema),
  },
  createPage: {
    tags: ['pages'],
    summary: 'Criar página ({page: {title}} basta: nasce como rascunho)',
    params: idParams,
    body: createPageBody,
    status: 201,
    response: pageResponse,
  },
  deleteManyPages: {
    tags: ['pages'],
    summary: 'Excluir várias páginas ({ids}); ids de outras imobiliárias são ignorados',
    body: deleteManyPagesBody,
    response: z.object({ data: z.object({ deleted: z.number().int() }) }),
  },
  getPage: { tags: ['pages'], summary: 'Uma página', params: idParams, response: pageResponse },
  updatePage: {
    tags: ['pages'],
    summary: 'Atualizar página (parcial; {status: "published"} publica)',
    description: 'Campos da página no corpo, ou dentro de {page: {...}}.',
    params: idParams,
    body: pageFieldsBody,
    bodyParsedByHandler: true,
    response: pageResponse,
  },
  previewPage: {
    tags: ['pages'],
    summary: 'Pré-visualizar a página pública com campos não salvos (HTML; nada é salvo)',
    description:
      'Os mesmos campos do PUT /v1/pages/{id}, no corpo ou dentro de {page: {...}}. Responde o HTML da página pública, sem scripts.',
    params: idParams,
    body: pageFieldsBody,
    bodyParsedByHandler: true,
    response: documentBody,
    produces: 'text/html',
  },
  deletePage: {
    tags: ['pages'],
    summary: 'Excluir página',
    params: idParams,
    status: 204,
    response: noContent,
  },
  suggestPageTitle: {
    tags: ['pages'],
    summary: 'Sugerir e salvar um título a partir dos dados do imóvel (save=false: só sugerir, sem salvar)',
    params: idParams,
    query: z.object({
      save: z
        .enum(['true', 'false', '1', '0'], { error: 'O parâmetro save deve ser true ou false.' })
        .optional(),
    }),
    response: z.object({ data: pageSchema, suggested_title: z.string() }),
  },
  addPagePhoto: {
    tags: ['pages'],
    summary: 'Enviar foto (multipart, campo photo: JPEG, PNG ou WebP até 10 MB; campo alt opcional)',
    params: idParams,
    consumes: ['multipart/form-data'],
    status: 201,
    response: pageResponse,
  },
  reorderPagePhotos: {
    tags: ['pages'],
    summary: 'Reordenar fotos ({order: [ids]}, a primeira é a capa)',
    params: idParams,
    body: reorderPagePhotosBody,
    response: pageResponse,
  },
  deletePagePhoto: {
    tags: ['pages'],
    summary: 'Excluir foto (e o arquivo)',
    params: pageIdAndPhoto,
    response: pageResponse,
  },
} as const satisfies EndpointSchemas;

// ---------------------------------------------------------------------------------------------
// Catalog import endpoints
// ---------------------------------------------------------------------------------------------

export const CATALOG_IMPORT_NOT_FOUND = 'Importação não encontrada.';
const importResponse = z.object({ data: catalogImportSchema });

export const catalogImportEndpoints = {
  importFacebookCatalog: {
    tags: ['pages'],
    summary:
      'Importar catálogo de imóveis da Meta (multipart: real_estate_id, depois o arquivo catalog; publish)',
    description:
      'CSV, TSV ou XML até 100 MB, em UTF-8, UTF-16 ou Latin-1. O campo real_estate_id vem antes do arquivo (a imobiliária é conferida antes de o arquivo ser gravado); sem ele, vale a única imobiliária do usuário. Sem publish=true as páginas novas entram como rascunho e as existentes mantêm o status. Responde 202 com a importação, para acompanhar em GET /v1/imports/{id}.',
    consumes: ['multipart/form-data'],
    status: 202,
    response: importResponse,
  },
  getImport: {
    tags: ['pages'],
    summary: 'Andamento e relatório de uma importação de catálogo',
    params: uuidParams(CATALOG_IMPORT_NOT_FOUND),
    response: importResponse,
  },
  listImports: {
    tags: ['pages'],
    summary:
      'Importações de catálogo recentes (rejected traz só as 10 primeiras linhas; rejected_count, todas)',
    params: idParams,
    query: pageQuery(10, 50),
    response: paginatedSchema(catalogImportSchema),
  },
} as const satisfies EndpointSchemas;
