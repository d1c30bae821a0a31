/**
 * A page's landing as HTML: the page with its photo URLs, its agency and, once sold or rented, the
 * agency's similar listings, given to renderLanding. The one way /imoveis/{slug} and the editor's
 * preview (render-page-preview.ts) render a page.
 */
import type { PagePhoto, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { PageRow } from '../pages/index.ts';
import { listSimilarPages } from './find-landing-page.ts';
import { getAgencyPreferences } from '../preferences/index.ts';
import { listReadyPageVideos, toVideoView } from '../videos/index.ts';
import {
  renderLanding,
  type LandingPhoto,
  type LandingPrefs,
  type LandingVideo,
  type LeadFormState,
} from './render-landing.ts';
import { trackerAsset } from '../../lib/browser-scripts.ts';
import { agencyPagesUrl } from '../domains/index.ts';

type AgencyRow = typeof realEstates.$inferSelect;

/**
 * Photos we hold are stored by key; their URL comes from the storage driver (disk or S3). On the local
 * disk, every host serves them at /files/…, so the sizes the browser picks from (srcset) are relative:
 * the page's own origin, with no second connection before the first photo (the LCP element). `url`
 * stays absolute for what leaves the page (og:image, the structured data).
 */
const withPhotoUrls = (deps: Pick<Deps, 'storage'>, photos: PagePhoto[]): LandingPhoto[] => {
  const pickable = (key: string) =>
    deps.storage.driver === 'local' ? `/files/${key}` : deps.storage.url(key);
  return photos.map((p) => ({
    ...p,
    url: p.key ? deps.storage.url(p.key) : p.url,
    srcset: (p.variants ?? []).map((v) => ({ url: pickable(v.key), width: v.width })),
  }));
};

/** The agency's preferences that shape its landing pages (Configurações). */
export async function landingPrefsOf(deps: Pick<Deps, 'db'>, realEstateId: number): Promise<LandingPrefs> {
  const p = await getAgencyPreferences(deps, realEstateId, [
    'whatsapp_number',
    'whatsapp_message',
    'brand_color',
    'meta_pixel_id',
    'ga4_measurement_id',
    'gtm_container_id',
  ]);
  return {
    whatsappNumber: p.whatsapp_number,
    whatsappMessage: p.whatsapp_message,
    brandColor: p.brand_color,
    tags: {
      metaPixelId: p.meta_pixel_id,
      ga4MeasurementId: p.ga4_measurement_id,
      gtmContainerId: p.gtm_container_id,
    },
  };
}

/** The page's ready videos as the landing shows them. */
async function landingVideos(deps: Pick<Deps, 'db' | 'storage'>, pageId: number): Promise<LandingVideo[]> {
  const rows = await listReadyPageVideos(deps, pageId);
  return rows.flatMap((row): LandingVideo[] => {
    const v = toVideoView(row, deps.storage);
    if (v.embed_url)
      return [
        {
          kind: 'embed',
          embedUrl: v.embed_url,
          provider: v.source === 'vimeo' ? 'Vimeo' : 'YouTube',
          posterUrl: v.poster_url,
        },
      ];
    return v.url ? [{ kind: 'file', url: v.url, type: v.file_type, posterUrl: v.poster_url }] : [];
  });
}

export async function renderPageLanding(
  deps: Pick<Deps, 'db' | 'storage' | 'config'>,
  row: { page: PageRow; agency: AgencyRow },
  form: LeadFormState,
  prefs?: LandingPrefs,
): Promise<string> {
  const page = { ...row.page, photos: withPhotoUrls(deps, row.page.photos) };
  const { agency } = row;
  // The page's other reads are independent of one another: one round trip of waiting, not four.
  const [similar, tracker, pagePrefs, videos, landingUrl] = await Promise.all([
    page.status === 'sold' || page.status === 'rented' ? listSimilarPages(deps, page) : [],
    trackerAsset(),
    prefs ?? landingPrefsOf(deps, page.realEstateId),
    landingVideos(deps, page.id),
    // The canonical origin: the agency's verified domain, else LANDING_URL (decision 017).
    agencyPagesUrl(deps, page.realEstateId),
  ]);
  return renderLanding({
    page,
    agency: {
      name: agency.name,
      logoUrl: agency.logoPath ? deps.storage.url(agency.logoPath) : null,
      phone: agency.phone,
      whatsapp: agency.whatsapp,
      email: agency.email,
      creci: agency.creci,
      website: agency.website,
    },
    similar: similar.map((s) => ({
      slug: s.slug,
      title: s.title,
      priceCents: s.priceCents,
      neighborhood: s.neighborhood,
      city: s.city,
      cover: withPhotoUrls(deps, s.photos.slice(0, 1))[0] ?? null,
    })),
    form,
    landingUrl,
    actionUrl: `/v1/public/pages/${page.slug}/leads`,
    // The analytics tracker (the editor's preview strips it: a preview is never a visit).
    trackerSrc: tracker.path,
    prefs: pagePrefs,
    videos,
  });
}
