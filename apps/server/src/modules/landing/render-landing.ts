/** The public page of a property, as one small HTML document (inline CSS, one tiny inline script). */
import type { PagePhoto } from '../../db/schema.ts';
import { html, jsonForScript, raw, type SafeHtml } from '../../lib/html.ts';
import {
  PROPERTY_TYPE_LABELS,
  PURPOSE_LABELS,
  formatMoney,
  formatPhone,
  formatPrice,
  plural,
} from '../../lib/format.ts';
import { PREFERENCE_DEFAULTS, fillTemplate } from '@vitrine/contracts';
import { LANDING_CSS, LANDING_SCRIPT, VIDEO_SCRIPT, WHATSAPP_ICON } from './landing-assets.ts';
import { TAGS_LOADER, hasTags, type MarketingTags } from './marketing-tags.ts';

/** A photo as the page shows it: its URL and, when we resized it, the WebP copies for srcset. */
export type LandingPhoto = PagePhoto & { srcset?: { url: string; width: number }[] };

export interface LandingPage {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published' | 'sold' | 'rented';
  listingCode: string | null;
  purpose: 'sale' | 'rent';
  propertyType: string | null;
  priceCents: number | null;
  condoFeeCents: number | null;
  iptuCents: number | null;
  areaM2: number | null;
  bedrooms: number | null;
  suites: number | null;
  bathrooms: number | null;
  parkingSpaces: number | null;
  address: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
  description: string | null;
  features: string[];
  photos: LandingPhoto[];
  whatsapp: string | null;
  callToAction: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  updatedAt: Date;
}

export interface LandingAgency {
  name: string;
  logoUrl: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  creci: string | null;
  website: string | null;
}

export interface SimilarPage {
  slug: string;
  title: string;
  priceCents: number | null;
  neighborhood: string | null;
  city: string | null;
  cover: LandingPhoto | null;
}

export interface LeadFormState {
  values: Record<string, string>;
  errors: Record<string, string[]>;
  sent: boolean;
  /** Signed render time, to spot forms submitted faster than a person can type. */
  stamp: string;
}

export interface LandingInput {
  page: LandingPage;
  agency: LandingAgency;
  similar: SimilarPage[];
  form: LeadFormState;
  /** The origin the page is published on (LANDING_URL): its canonical, Open Graph and WhatsApp links. */
  landingUrl: string;
  actionUrl: string;
  /** The analytics tracker's URL (/p/<hash>.js); null leaves it out. */
  trackerSrc?: string | null;
  /** Ready videos in display order, each behind a click-to-play facade (videoSection). */
  videos?: LandingVideo[];
  /** The agency's preferences that shape its pages (Configurações); defaults when absent. */
  prefs?: LandingPrefs;
}

export interface LandingPrefs {
  /** The number of every page's WhatsApp button ('' = the page's own, else the agency profile's). */
  whatsappNumber: string;
  /** The button's first message: {titulo} and {link} are filled in. */
  whatsappMessage: string;
  /** #rrggbb for buttons and links ('' = the default teal). */
  brandColor: string;
  tags: MarketingTags;
}

export type LandingVideo =
  | { kind: 'file'; url: string; type: string | null; posterUrl: string | null }
  | { kind: 'embed'; embedUrl: string; provider: 'YouTube' | 'Vimeo'; posterUrl: string | null };

/**
 * No video bytes and no player until the visitor asks: every video is a facade (a lazy poster and a
 * play button); a click puts the <video> (uploaded files, played from storage) or the player (links)
 * in its place (VIDEO_SCRIPT). A <video poster> would make the browser fetch the poster during the
 * load, on the way of the page's LCP (docs/product.md#videos). Uploaded facades carry no data-video: the
 * <video>'s own play event counts the play (the tracker), so a click is not counted twice.
 */
function videoSection(videos: LandingVideo[]): SafeHtml | '' {
  if (!videos.length) return '';
  // The poster's <img> is added by VIDEO_SCRIPT after the load event: a lazy <img> near the top of a
  // phone's screen is still fetched during the load (Chrome's lazy-load distance), beside the LCP image.
  const poster = (url: string | null) => (url ? html` data-poster="${url}"` : '');
  return html`<section><h2>Vídeos</h2><div class="vids">${videos.map((v, i) =>
    v.kind === 'file'
      ? html`<button type="button" class="vf" data-src="${v.url}"${v.type ? html` data-type="${v.type}"` : ''}${poster(v.posterUrl)} aria-label="${`Assistir vídeo ${i + 1}`}"><span></span></button>`
      : html`<button type="button" class="vf" data-video data-embed="${v.embedUrl}"${poster(v.posterUrl)} aria-label="${`Assistir vídeo ${i + 1} (${v.provider})`}"><span></span></button>`,
  )}</div></section>`;
}

const location = (p: Pick<LandingPage, 'neighborhood' | 'city' | 'state'>) =>
  [p.neighborhood, [p.city, p.state].filter(Boolean).join(' - ')].filter(Boolean).join(', ');

function facts(p: LandingPage): string[] {
  const out: string[] = [];
  if (p.areaM2) out.push(`${p.areaM2} m²`);
  if (p.bedrooms !== null) out.push(p.bedrooms === 0 ? 'Studio' : plural(p.bedrooms, 'quarto', 'quartos'));
  if (p.suites) out.push(plural(p.suites, 'suíte', 'suítes'));
  if (p.bathrooms) out.push(plural(p.bathrooms, 'banheiro', 'banheiros'));
  if (p.parkingSpaces !== null)
    out.push(p.parkingSpaces === 0 ? 'Sem vaga' : plural(p.parkingSpaces, 'vaga', 'vagas'));
  return out;
}

export function whatsappLink(number: string, message: string): string {
  const digits = number.replace(/\D/g, '');
  const full = digits.startsWith('55') && digits.length >= 12 ? digits : `55${digits}`;
  return `https://wa.me/${full}?text=${encodeURIComponent(message)}`;
}

/** The WhatsApp message of a page: the agency's template with {titulo} and {link} filled in. */
export const whatsappMessage = (template: string, page: Pick<LandingPage, 'title'>, url: string) =>
  fillTemplate(template, { titulo: page.title, link: url });

const srcsetOf = (photo: LandingPhoto) => (photo.srcset ?? []).map((v) => `${v.url} ${v.width}w`).join(', ');

/** The smallest copy at least `cssWidth` wide at 2× density, for single-size slots like thumbnails. */
function pick(photo: LandingPhoto, cssWidth: number): string {
  const fit = [...(photo.srcset ?? [])]
    .sort((a, b) => a.width - b.width)
    .find((v) => v.width >= cssWidth * 2);
  return fit?.url ?? photo.srcset?.at(-1)?.url ?? photo.url;
}

function photoImg(
  photo: LandingPhoto,
  alt: string,
  attrs: { eager?: boolean; width: number; height: number; sizes?: string; n?: number },
): SafeHtml {
  const w = photo.width ?? attrs.width;
  const h = photo.height ?? attrs.height;
  const srcset = attrs.sizes ? srcsetOf(photo) : '';
  const src = attrs.sizes ? (photo.srcset?.at(-1)?.url ?? photo.url) : pick(photo, attrs.width);
  return html`<img src="${src}"${srcset ? html` srcset="${srcset}" sizes="${attrs.sizes}"` : ''} alt="${photo.alt || alt}" width="${w}" height="${h}"${raw(
    attrs.eager ? ' fetchpriority="high" decoding="async"' : ' loading="lazy" decoding="async"',
  )}${attrs.n ? raw(` data-n="${attrs.n}"`) : ''}>`;
}

function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n{2,}|\r\n\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p.split(/\r?\n/).map((line, i) => (i ? [raw('<br>'), line] : line))}</p>`);
}

function field(
  form: LeadFormState,
  name: string,
  label: string,
  input: (attrs: SafeHtml) => SafeHtml,
): SafeHtml {
  const error = form.errors[name]?.[0];
  const attrs = raw(
    `id="f-${name}" name="${name}"${error ? ` aria-invalid="true" aria-describedby="${name}-err"` : ''}`,
  );
  return html`<label for="f-${name}">${label}</label>${input(attrs)}${error ? html`<p class="err" id="${name}-err">${error}</p>` : ''}`;
}

function leadForm(input: LandingInput): SafeHtml {
  const { form, page } = input;
  const v = (n: string) => form.values[n] ?? '';
  const message =
    v('message') || `Olá! Tenho interesse no imóvel "${page.title}". Gostaria de mais informações.`;
  const cta =
    page.callToAction || (page.status === 'published' ? 'Quero mais informações' : 'Quero ser avisado');
  const consentError = form.errors.consent?.[0];
  const hidden = [
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_term',
    'utm_content',
    'gclid',
    'fbclid',
    '_fbp',
    'session_id',
    'referrer',
  ];
  return html`<div class="card" id="contato">
<h2>${page.status === 'published' ? 'Fale com a imobiliária' : 'Procurando algo parecido?'}</h2>
<div id="ok" class="ok" tabindex="-1" role="status"${form.sent ? '' : raw(' hidden')}><b>Recebemos seu contato!</b><br>Em breve a imobiliária vai falar com você.</div>
<form id="lead" method="post" action="${input.actionUrl}" novalidate${form.sent ? raw(' hidden') : ''}>
${form.errors._form ? html`<p class="err" role="alert">${form.errors._form[0]}</p>` : ''}
${field(form, 'name', 'Nome', (a) => html`<input ${a} autocomplete="name" required maxlength="120" value="${v('name')}">`)}
${field(form, 'phone', 'Telefone com DDD', (a) => html`<input ${a} type="tel" inputmode="tel" autocomplete="tel" maxlength="30" placeholder="(11) 98888-7777" value="${v('phone')}">`)}
${field(form, 'email', 'E-mail', (a) => html`<input ${a} type="email" autocomplete="email" maxlength="255" value="${v('email')}">`)}
${field(form, 'message', 'Mensagem', (a) => html`<textarea ${a} maxlength="2000">${message}</textarea>`)}
<label class="consent"><input type="checkbox" id="f-consent" name="consent" value="1" required${v('consent') ? raw(' checked') : ''}${consentError ? raw(' aria-invalid="true" aria-describedby="consent-err"') : ''}> Autorizo ${input.agency.name} a entrar em contato comigo sobre este imóvel e concordo com o uso dos meus dados para esse fim (LGPD).</label>
${consentError ? html`<p class="err" id="consent-err">${consentError}</p>` : ''}
<div class="hp" aria-hidden="true"><label for="f-website">Não preencha</label><input id="f-website" name="website" tabindex="-1" autocomplete="off"></div>
${hidden.map((n) => html`<input type="hidden" name="${n}" value="${v(n)}">`)}
<input type="hidden" name="_ts" value="${form.stamp}">
<input type="hidden" name="_sid">
<button class="btn btn-p" type="submit">${cta}</button>
</form>
</div>`;
}

function jsonLd(input: LandingInput, url: string) {
  const p = input.page;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: p.title,
    url,
    description: p.seoDescription ?? p.description?.slice(0, 300) ?? undefined,
    datePosted: p.updatedAt.toISOString(),
    image: p.photos.slice(0, 5).map((ph) => ph.url),
    offers: p.priceCents
      ? {
          '@type': 'Offer',
          price: (p.priceCents / 100).toFixed(2),
          priceCurrency: 'BRL',
          availability:
            p.status === 'published' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
          businessFunction:
            p.purpose === 'rent'
              ? 'http://purl.org/goodrelations/v1#LeaseOut'
              : 'http://purl.org/goodrelations/v1#Sell',
        }
      : undefined,
    about: {
      '@type':
        p.propertyType === 'house' || p.propertyType === 'townhouse' || p.propertyType === 'condo'
          ? 'House'
          : p.propertyType === 'apartment'
            ? 'Apartment'
            : 'Accommodation',
      numberOfRooms: p.bedrooms ?? undefined,
      numberOfBathroomsTotal: p.bathrooms ?? undefined,
      floorSize: p.areaM2 ? { '@type': 'QuantitativeValue', value: p.areaM2, unitCode: 'MTK' } : undefined,
      address: {
        '@type': 'PostalAddress',
        streetAddress: p.address ?? undefined,
        addressLocality: p.city ?? undefined,
        addressRegion: p.state ?? undefined,
        postalCode: p.zipCode ?? undefined,
        addressCountry: 'BR',
      },
      geo:
        p.latitude !== null && p.longitude !== null
          ? { '@type': 'GeoCoordinates', latitude: p.latitude, longitude: p.longitude }
          : undefined,
    },
    provider: {
      '@type': 'RealEstateAgent',
      name: input.agency.name,
      telephone: input.agency.phone ? formatPhone(input.agency.phone) : undefined,
    },
  };
}

export function renderLanding(input: LandingInput): string {
  const { page: p, agency } = input;
  const url = `${input.landingUrl}/imoveis/${p.slug}`;
  const where = location(p);
  const typeLabel = PROPERTY_TYPE_LABELS[p.propertyType ?? ''] ?? 'Imóvel';
  const title = p.seoTitle || `${p.title}${where ? ` - ${where}` : ''}`;
  const description =
    p.seoDescription ||
    [
      `${typeLabel} ${PURPOSE_LABELS[p.purpose]?.toLowerCase() ?? ''}`.trim(),
      where,
      facts(p).join(', '),
      formatPrice(p.priceCents),
    ]
      .filter(Boolean)
      .join(' · ');
  const cover = p.photos[0];
  const prefs = input.prefs;
  const whatsapp = p.whatsapp || prefs?.whatsappNumber || agency.whatsapp;
  const waTemplate = prefs?.whatsappMessage || PREFERENCE_DEFAULTS.whatsapp_message;
  const waHref = whatsapp ? whatsappLink(whatsapp, whatsappMessage(waTemplate, p, url)) : null;
  const brand = /^#[0-9a-f]{6}$/i.test(prefs?.brandColor ?? '') ? prefs!.brandColor : null;
  const tags = hasTags(prefs?.tags) ? prefs.tags : null;
  const closed = p.status === 'sold' || p.status === 'rented';
  const fees = [
    p.condoFeeCents ? `Condomínio ${formatMoney(p.condoFeeCents)}` : null,
    p.iptuCents ? `IPTU ${formatMoney(p.iptuCents)}` : null,
  ].filter(Boolean);
  const mapsHref =
    p.latitude !== null && p.longitude !== null
      ? `https://www.google.com/maps/search/?api=1&query=${p.latitude},${p.longitude}`
      : where
        ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent([p.address, where].filter(Boolean).join(', '))}`
        : null;

  const doc = html`<!doctype html>
<html lang="pt-BR"><head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${url}">
<meta property="og:type" content="website"><meta property="og:url" content="${url}"><meta property="og:title" content="${p.title}"><meta property="og:description" content="${description}"><meta property="og:locale" content="pt_BR"><meta property="og:site_name" content="${agency.name}">
${cover ? html`<meta property="og:image" content="${cover.url}"><meta name="twitter:card" content="summary_large_image">` : ''}
<meta name="theme-color" content="${brand ?? '#0f766e'}"><link rel="icon" href="data:,">
${cover ? (cover.srcset?.length ? html`<link rel="preload" as="image" imagesrcset="${srcsetOf(cover)}" imagesizes="100vw" fetchpriority="high">` : html`<link rel="preload" as="image" href="${cover.url}" fetchpriority="high">`) : ''}
<style>${raw(LANDING_CSS)}${brand ? raw(`a{color:${brand}}.btn-p{background:${brand}}`) : ''}</style>
<script type="application/ld+json">${jsonForScript(jsonLd(input, url))}</script>
</head><body${input.trackerSrc ? html` data-t="${input.trackerSrc}" data-p="${p.id}"` : ''}>
<header class="top"><div class="wrap">${agency.logoUrl ? html`<img src="${agency.logoUrl}" alt="" width="36" height="36">` : ''}<b>${agency.name}</b></div></header>
${cover ? html`<div class="hero">${photoImg(cover, p.title, { eager: true, width: 1200, height: 900, sizes: '100vw', n: 1 })}</div>` : ''}
${p.photos.length > 1 ? html`<div class="gal" aria-label="Fotos do imóvel">${p.photos.slice(1, 20).map((ph, i) => photoImg(ph, `${p.title} - foto ${i + 2}`, { width: 160, height: 120, n: i + 2 }))}</div>` : ''}
<main class="wrap grid">
<div>
${closed ? html`<div class="notice" role="status"><b>Este imóvel já foi ${p.status === 'sold' ? 'vendido' : 'alugado'}.</b> Deixe seu contato e a imobiliária avisa você sobre opções parecidas.</div>` : ''}
<span class="badge">${closed ? (p.status === 'sold' ? 'Vendido' : 'Alugado') : (PURPOSE_LABELS[p.purpose] ?? '')}${p.listingCode ? ` · Cód. ${p.listingCode}` : ''}</span>
<h1>${p.title}</h1>
${where ? html`<p class="loc">${typeLabel} em ${where}</p>` : ''}
<p class="price">${formatPrice(p.priceCents)}${p.purpose === 'rent' && p.priceCents ? html`<small>/mês</small>` : ''}</p>
${fees.length ? html`<p class="fees">${fees.join(' · ')}</p>` : ''}
${facts(p).length ? html`<ul class="facts">${facts(p).map((f) => html`<li>${f}</li>`)}</ul>` : ''}
${p.description ? html`<section class="desc"><h2>Sobre o imóvel</h2>${paragraphs(p.description)}</section>` : ''}
${videoSection(input.videos ?? [])}
${p.features.length ? html`<section><h2>Características</h2><ul class="feat">${p.features.map((f) => html`<li>${f}</li>`)}</ul></section>` : ''}
${where ? html`<section><h2>Localização</h2><p>${[p.address, where, p.zipCode].filter(Boolean).join(' · ')}</p>${mapsHref ? html`<p><a href="${mapsHref}" rel="noopener" target="_blank">Ver no mapa</a></p>` : ''}</section>` : ''}
${
  input.similar.length
    ? html`<section><h2>Imóveis parecidos</h2><div class="sim">${input.similar.map(
        (s) =>
          html`<a href="/imoveis/${s.slug}">${s.cover ? photoImg(s.cover, s.title, { width: 400, height: 300 }) : ''}<div><b>${s.title}</b><br>${formatPrice(s.priceCents)}${s.neighborhood ? ` · ${s.neighborhood}` : ''}</div></a>`,
      )}</div></section>`
    : ''
}
</div>
<aside class="side">
${leadForm(input)}
${waHref ? html`<p class="wa-side"><a class="btn btn-w" href="${waHref}" rel="noopener" target="_blank">${raw(WHATSAPP_ICON)} Conversar no WhatsApp</a></p>` : ''}
</aside>
</main>
<footer><div class="wrap"><b>${agency.name}</b>${agency.creci ? ` · CRECI ${agency.creci}` : ''}<br>${[agency.phone ? formatPhone(agency.phone) : null, agency.email].filter(Boolean).join(' · ')}<br><small>Preço e condições sujeitos a alteração sem aviso.</small><br><small>Privacidade: esta página conta visitas de forma anônima, sem cookies e sem guardar seu IP (LGPD, legítimo interesse).</small></div></footer>
<nav class="bar" aria-label="Contato rápido">${waHref ? html`<a class="btn btn-w" href="${waHref}" rel="noopener" target="_blank">${raw(WHATSAPP_ICON)} WhatsApp</a>` : ''}<a class="btn btn-p" style="margin:0" href="#contato">${closed ? 'Quero opções' : 'Tenho interesse'}</a></nav>
<script>${raw(LANDING_SCRIPT)}</script>
${input.videos?.length ? html`<script>${raw(VIDEO_SCRIPT)}</script>` : ''}
${tags ? html`<script data-fb="${tags.metaPixelId}" data-ga="${tags.ga4MeasurementId}" data-gtm="${tags.gtmContainerId}">${raw(TAGS_LOADER)}</script>` : ''}
</body></html>`;
  return doc.value;
}

export function renderNotFound(appUrl: string): string {
  return html`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Imóvel não encontrado</title><meta name="robots" content="noindex"><style>${raw(LANDING_CSS)}</style></head><body><main class="wrap" style="padding:64px 16px;text-align:center"><h1>Imóvel não encontrado</h1><p class="loc">Este anúncio não existe ou não está mais publicado.</p><p><a href="${appUrl}/">Voltar</a></p></main></body></html>`
    .value;
}
