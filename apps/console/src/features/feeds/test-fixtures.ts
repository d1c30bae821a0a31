import type { FeedChannelOverview, PageChannel } from '@vitrine/contracts';

const TOKEN = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

export const ZAP_CHANNEL: FeedChannelOverview = {
  channel: 'grupo_zap',
  label: 'ZAP Imóveis, VivaReal e OLX',
  urls: [{ format: 'xml', url: `https://imoveis.vitrinepaginas.com.br/feeds/vrsync/${TOKEN}.xml` }],
  token_rotated_at: null,
  counts: { flagged: 14, in_feed: 12, left_out: 2 },
  highlights: [
    { type: 'PREMIUM', label: 'Destaque', used: 3, quota: 5 },
    { type: 'SUPER_PREMIUM', label: 'Super destaque', used: 1, quota: 1 },
    { type: 'PREMIERE_1', label: 'Destaque exclusivo', used: 0, quota: null },
    { type: 'PREMIERE_2', label: 'Destaque superior', used: 0, quota: null },
    { type: 'TRIPLE', label: 'Destaque triplo', used: 0, quota: null },
  ],
  last_read: { at: '2026-11-27T09:12:00.000Z', user_agent: 'VivaReal-Feed-Reader/1.0' },
  problems: [
    {
      page_id: 41,
      title: 'Casa com quintal no Butantã',
      listing_code: 'CA-041',
      problems: [
        { code: 'zip_missing', message: 'Sem CEP.' },
        { code: 'photo_missing', message: 'Sem fotos: os portais exigem pelo menos uma.' },
      ],
    },
    {
      page_id: 52,
      title: 'Sala comercial',
      listing_code: null,
      problems: [
        {
          code: 'listing_code_missing',
          message: 'Sem código do imóvel: os portais identificam o anúncio (e os contatos) por ele.',
        },
      ],
    },
  ],
  pages_without_code: 1,
};

export const META_CHANNEL: FeedChannelOverview = {
  channel: 'meta_catalog',
  label: 'Catálogo da Meta (Facebook e Instagram)',
  urls: [
    { format: 'xml', url: `https://imoveis.vitrinepaginas.com.br/feeds/meta/${TOKEN}.xml` },
    { format: 'csv', url: `https://imoveis.vitrinepaginas.com.br/feeds/meta/${TOKEN}.csv` },
  ],
  token_rotated_at: null,
  counts: { flagged: 0, in_feed: 0, left_out: 0 },
  highlights: [],
  last_read: null,
  problems: [],
  pages_without_code: 0,
};

export const PAGE_CHANNELS: PageChannel[] = [
  {
    channel: 'grupo_zap',
    publish: true,
    publication_type: 'STANDARD',
    in_feed: false,
    problems: [{ code: 'zip_missing', message: 'Sem CEP.' }],
  },
  { channel: 'meta_catalog', publish: false, publication_type: null, in_feed: false, problems: [] },
];
