/**
 * What search engines get: robots.txt, the sitemap's XML (the public pages, the blog and the listed
 * landing pages with their lastmod, read from the database on each request, so publishing or
 * unpublishing a page changes it at once; a sitemap index past SITEMAP_CHUNK_SIZE pages) and the blog's
 * RSS feed.
 */
import { escapeHtml as esc } from '../../lib/html.ts';
import type { BlogPost } from './blog-posts.ts';
import type { SitemapRow } from './sitemap-pages.ts';
import { SITE_NAME } from './site-html.ts';

/** Public pages worth indexing (the console's screens are behind a login and disallowed). */
export const PUBLIC_PATHS = ['/', '/demonstracao', '/blog', '/registrar', '/entrar'] as const;

/** The console's screens, /v1 and the forms' targets: nothing for a crawler there. */
const DISALLOWED = [
  '/v1/',
  '/sanctum/',
  '/docs',
  '/dashboard',
  '/paginas',
  '/leads',
  '/analytics',
  '/integracoes',
  '/configuracoes',
  '/assinatura',
  '/usuarios',
  '/conta',
  '/contas',
  '/sucesso',
  '/esqueci-senha',
  '/redefinir-senha',
  '/demo',
];

export function renderRobots(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    // /demo is the alias of /demonstracao; the canonical one stays crawlable.
    'Allow: /demonstracao',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** A sitemap file: whole, or as the stream of its parts. */
export type SitemapBody = string | AsyncIterable<string>;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const url = (loc: string, lastmod?: string) =>
  `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${esc(lastmod)}</lastmod>` : ''}</url>`;

/** The public pages and the blog's posts (lastmod = the post's date; /blog's is the newest post's). */
function siteUrls(appUrl: string, posts: BlogPost[]): string[] {
  const newestPost = posts[0]?.date;
  return [
    ...PUBLIC_PATHS.map((p) => url(`${appUrl}${p}`, p === '/blog' ? newestPost : undefined)),
    ...posts.map((p) => url(`${appUrl}/blog/${p.slug}`, p.date)),
  ];
}

/**
 * Landing pages live on LANDING_URL, or on their agency's verified domain, their canonical URL (decision
 * 017); those hosts' robots.txt names this sitemap (cross-host submission).
 */
const landingUrls = (landingUrl: string, rows: SitemapRow[]) =>
  rows
    .map((p) =>
      url(`${p.domain ? `https://${p.domain}` : landingUrl}/imoveis/${p.slug}`, p.updatedAt.toISOString()),
    )
    .join('\n');

/**
 * A <urlset> written as it is read: the head, then each batch of landing pages as the query returns it.
 * With `site` (the posts), the public pages and posts come first: the single-file sitemap.
 */
export async function* streamUrlset(
  appUrl: string,
  landingUrl: string,
  batches: AsyncIterable<SitemapRow[]>,
  site?: BlogPost[],
): AsyncGenerator<string> {
  yield [XML_HEAD, `<urlset xmlns="${NS}">`, ...(site ? siteUrls(appUrl, site) : []), ''].join('\n');
  for await (const rows of batches) yield `${landingUrls(landingUrl, rows)}\n`;
  yield '</urlset>\n';
}

/** /sitemaps/site.xml: the public pages and the blog (the first file of a sitemap index). */
export function renderSiteUrlset(appUrl: string, posts: BlogPost[]): string {
  return [XML_HEAD, `<urlset xmlns="${NS}">`, ...siteUrls(appUrl, posts), '</urlset>', ''].join('\n');
}

export const SITE_SITEMAP_PATH = '/sitemaps/site.xml';
export const pagesSitemapPath = (n: number) => `/sitemaps/pages-${n}.xml`;

/** /sitemap.xml past one file of landing pages: a <sitemapindex> of the site's file and the pages' files. */
export function renderSitemapIndex(
  appUrl: string,
  posts: BlogPost[],
  chunks: { n: number; lastmod: Date }[],
): string {
  const entry = (loc: string, lastmod?: string) =>
    `<sitemap><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${esc(lastmod)}</lastmod>` : ''}</sitemap>`;
  return [
    XML_HEAD,
    `<sitemapindex xmlns="${NS}">`,
    entry(`${appUrl}${SITE_SITEMAP_PATH}`, posts[0]?.date),
    ...chunks.map((c) => entry(`${appUrl}${pagesSitemapPath(c.n)}`, c.lastmod.toISOString())),
    '</sitemapindex>',
    '',
  ].join('\n');
}

/** RFC 822 date of a YYYY-MM-DD, as RSS wants it. */
const rssDate = (day: string) => new Date(`${day}T12:00:00Z`).toUTCString();

export function renderRss(appUrl: string, posts: BlogPost[]): string {
  const items = posts.map(
    (p) =>
      `<item><title>${esc(p.title)}</title><link>${esc(`${appUrl}/blog/${p.slug}`)}</link><guid isPermaLink="true">${esc(`${appUrl}/blog/${p.slug}`)}</guid><pubDate>${rssDate(p.date)}</pubDate><author>${esc(p.author)}</author><description>${esc(p.description)}</description></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>Blog ${esc(SITE_NAME)}</title>`,
    `<link>${esc(`${appUrl}/blog`)}</link>`,
    `<atom:link href="${esc(`${appUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    '<description>Marketing imobiliário, anúncios e atendimento de leads para imobiliárias brasileiras.</description>',
    '<language>pt-BR</language>',
    posts[0] ? `<lastBuildDate>${rssDate(posts[0].date)}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
