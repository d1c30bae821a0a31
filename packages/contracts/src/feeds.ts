/**
 * Listing feeds (docs/product.md#feeds): the portals of Grupo OLX (ZAP Imóveis, VivaReal, OLX) read a
 * VRSync XML feed, Meta's catalog ads read a home-listings feed (XML or CSV). Per page and channel the
 * agency says whether the listing goes there and, for the portals, how it is published (standard or a
 * highlight); per agency and channel a secret feed URL and the highlights it bought.
 */
import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { documentBody, idParams } from './params.ts';

export const FEED_CHANNELS = ['grupo_zap', 'meta_catalog'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];
export const FEED_CHANNEL_LABELS: Record<FeedChannel, string> = {
  grupo_zap: 'ZAP Imóveis, VivaReal e OLX',
  meta_catalog: 'Catálogo da Meta (Facebook e Instagram)',
};
/** Short names, for sentences ("12 imóveis não entram no feed do ZAP"). */
export const FEED_CHANNEL_SHORT_LABELS: Record<FeedChannel, string> = {
  grupo_zap: 'ZAP/VivaReal/OLX',
  meta_catalog: 'catálogo da Meta',
};

/** VRSync's PublicationType values (Grupo OLX): standard, and the highlights an agency buys. */
export const PUBLICATION_TYPES = [
  'STANDARD',
  'PREMIUM',
  'SUPER_PREMIUM',
  'PREMIERE_1',
  'PREMIERE_2',
  'TRIPLE',
] as const;
export type PublicationType = (typeof PUBLICATION_TYPES)[number];
export const HIGHLIGHT_TYPES = PUBLICATION_TYPES.filter((t) => t !== 'STANDARD') as Exclude<
  PublicationType,
  'STANDARD'
>[];
export type HighlightType = (typeof HIGHLIGHT_TYPES)[number];
export const PUBLICATION_TYPE_LABELS: Record<PublicationType, string> = {
  STANDARD: 'Padrão',
  PREMIUM: 'Destaque',
  SUPER_PREMIUM: 'Super destaque',
  PREMIERE_1: 'Destaque exclusivo',
  PREMIERE_2: 'Destaque superior',
  TRIPLE: 'Destaque triplo',
};

/** At most this many pages in one bulk change (the Páginas screen's selection). */
export const FEED_BULK_LIMIT = 500;

const channelEnum = z.enum(FEED_CHANNELS, { error: `O canal deve ser um de: ${FEED_CHANNELS.join(', ')}.` });
const publicationTypeEnum = z.enum(PUBLICATION_TYPES, {
  error: `O tipo de publicação deve ser um de: ${PUBLICATION_TYPES.join(', ')}.`,
});

/** One channel's setting for one page. */
export const pageChannelSettingBody = z.object({
  publish: z.boolean({ error: 'Informe se o imóvel vai para o canal (publish: true ou false).' }),
  /** Portals only; ignored for the Meta catalog. Absent keeps the current one (default STANDARD). */
  publication_type: publicationTypeEnum.optional(),
});

/** `PUT /v1/pages/{id}/channels`: any of the channels. */
export const updatePageChannelsBody = z.object({
  channels: z.strictObject(
    { grupo_zap: pageChannelSettingBody.optional(), meta_catalog: pageChannelSettingBody.optional() },
    { error: 'Canal desconhecido: use grupo_zap ou meta_catalog.' },
  ),
});
export type UpdatePageChannelsInput = z.input<typeof updatePageChannelsBody>;

const pageIds = z
  .array(
    z
      .number({ error: 'Cada id deve ser um número.' })
      .int('Cada id deve ser um número inteiro.')
      .positive('Cada id deve ser positivo.')
      .max(2_147_483_647),
    { error: 'Envie os ids das páginas em uma lista.' },
  )
  .min(1, 'Selecione pelo menos uma página.')
  .max(FEED_BULK_LIMIT, `Selecione no máximo ${FEED_BULK_LIMIT} páginas por vez.`);

/** `PUT /v1/real-estates/{id}/page-channels`: one channel, many pages. */
export const updateManyPageChannelsBody = z.object({
  ids: pageIds,
  channel: channelEnum,
  publish: z.boolean({ error: 'Informe se os imóveis vão para o canal (publish: true ou false).' }),
  publication_type: publicationTypeEnum.optional(),
});
export type UpdateManyPageChannelsInput = z.input<typeof updateManyPageChannelsBody>;

const quota = z
  .number({ error: 'A quantidade de destaques deve ser um número.' })
  .int('A quantidade de destaques deve ser um número inteiro.')
  .min(0, 'A quantidade de destaques não pode ser negativa.')
  .max(100_000, 'A quantidade de destaques é grande demais.');

/** `PUT /v1/real-estates/{id}/feeds/{channel}`: the highlights bought (null: not informed, no limit). */
export const updateFeedChannelBody = z.object({
  highlight_quotas: z.strictObject(
    Object.fromEntries(HIGHLIGHT_TYPES.map((t) => [t, quota.nullable().optional()])),
    { error: `Tipo de destaque desconhecido: use ${HIGHLIGHT_TYPES.join(', ')}.` },
  ),
});
export type UpdateFeedChannelInput = z.input<typeof updateFeedChannelBody>;

/** `POST /v1/real-estates/{id}/feeds/listing-codes`: the pages to give a code (all without one if absent). */
export const generateListingCodesBody = z.object({ ids: pageIds.optional() });

/** What a channel would refuse in a page, in Portuguese, with a stable code. */
export const feedProblemSchema = z.object({ code: z.string(), message: z.string() });
export type FeedProblem = z.infer<typeof feedProblemSchema>;

export const pageChannelSchema = z.object({
  channel: z.enum(FEED_CHANNELS),
  publish: z.boolean(),
  publication_type: z.enum(PUBLICATION_TYPES).nullable(),
  /** In the channel's feed now: flagged, published, and nothing the channel would refuse. */
  in_feed: z.boolean(),
  problems: z.array(feedProblemSchema),
});
export type PageChannel = z.infer<typeof pageChannelSchema>;
export const pageChannelsResponse = z.object({ data: z.array(pageChannelSchema) });

export const highlightUsageSchema = z.object({
  type: z.enum(PUBLICATION_TYPES),
  label: z.string(),
  used: z.number().int(),
  quota: z.number().int().nullable(),
});

export const feedChannelSchema = z.object({
  channel: z.enum(FEED_CHANNELS),
  label: z.string(),
  /** The feed's address with its secret token; every format the channel reads. */
  urls: z.array(z.object({ format: z.enum(['xml', 'csv']), url: z.string() })),
  token_rotated_at: z.string().nullable(),
  counts: z.object({
    /** Flagged for the channel and published. */
    flagged: z.number().int(),
    in_feed: z.number().int(),
    left_out: z.number().int(),
  }),
  highlights: z.array(highlightUsageSchema),
  last_read: z.object({ at: z.string(), user_agent: z.string().nullable() }).nullable(),
  /** The flagged pages the channel would refuse, each with its reasons (at most 200 listed). */
  problems: z.array(
    z.object({
      page_id: z.number().int(),
      title: z.string(),
      listing_code: z.string().nullable(),
      problems: z.array(feedProblemSchema),
    }),
  ),
  /** Published pages without a listing code (the portals need one). */
  pages_without_code: z.number().int(),
});
export type FeedChannelOverview = z.infer<typeof feedChannelSchema>;
export const feedsOverviewResponse = z.object({ data: z.array(feedChannelSchema) });
export type FeedsOverview = z.infer<typeof feedsOverviewResponse>;

const channelParams = idParams.extend({ channel: channelEnum });
const feedFileParams = z.object({ file: z.string() });

export const feedEndpoints = {
  getVrsyncFeed: {
    tags: ['feeds'],
    summary: 'Feed VRSync (ZAP, VivaReal, OLX) de uma imobiliária: {token}.xml; ETag, 304',
    params: feedFileParams,
    response: documentBody,
    produces: 'application/xml',
    hide: true,
  },
  getMetaCatalogFeed: {
    tags: ['feeds'],
    summary: 'Feed do catálogo da Meta (home listings) de uma imobiliária: {token}.xml ou {token}.csv',
    params: feedFileParams,
    response: documentBody,
    produces: 'application/xml',
    hide: true,
  },
  getFeedsOverview: {
    tags: ['feeds'],
    summary: 'Os feeds da imobiliária: endereço, contagens, destaques, última leitura e problemas',
    params: idParams,
    response: feedsOverviewResponse,
  },
  updateFeedChannel: {
    tags: ['feeds'],
    summary: 'Destaques contratados de um canal',
    params: channelParams,
    body: updateFeedChannelBody,
    response: z.object({ data: feedChannelSchema }),
  },
  rotateFeedToken: {
    tags: ['feeds'],
    summary: 'Trocar o endereço secreto de um feed (o antigo deixa de responder)',
    params: channelParams,
    response: z.object({ data: feedChannelSchema, message: z.string() }),
  },
  generateListingCodes: {
    tags: ['feeds'],
    summary: 'Gerar códigos de imóvel para as páginas sem código',
    params: idParams,
    body: generateListingCodesBody,
    response: z.object({ data: z.object({ updated: z.number().int() }), message: z.string() }),
  },
  getPageChannels: {
    tags: ['feeds'],
    summary: 'Os canais de uma página: publicar, tipo de publicação e o que cada canal recusaria',
    params: idParams,
    response: pageChannelsResponse,
  },
  updatePageChannels: {
    tags: ['feeds'],
    summary: 'Publicar ou tirar uma página de cada canal',
    params: idParams,
    body: updatePageChannelsBody,
    response: pageChannelsResponse,
  },
  updateManyPageChannels: {
    tags: ['feeds'],
    summary: 'Publicar ou tirar várias páginas de um canal de uma vez',
    params: idParams,
    body: updateManyPageChannelsBody,
    response: z.object({ data: z.object({ updated: z.number().int() }), message: z.string() }),
  },
} as const satisfies EndpointSchemas;
