/**
 * What search engines get: robots.txt, /sitemap.xml (the public pages, the blog and every published
 * landing page with its lastmod, read from the database on each request, so publishing or unpublishing
 * a page changes it at once) and the blog's RSS feed.
 */
import { desc, eq } from 'drizzle-orm';
import { pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { escapeHtml as esc } from '../landing/index.ts';
import type { BlogPost } from './blog-posts.ts';
import { SITE_NAME } from './site-html.ts';

/** One sitemap file holds at most 50,000 URLs; past that it would need a sitemap index. */
export const SITEMAP_MAX_PAGES = 45_000;

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

/** Published landing pages (drafts never; sold and rented ones leave the sitemap too), newest first. */
export async function listSitemapPages(deps: Pick<Deps, 'db'>) {
  return deps.db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.status, 'published'))
    .orderBy(desc(pages.updatedAt))
    .limit(SITEMAP_MAX_PAGES);
}

const url = (loc: string, lastmod?: string) =>
  `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${esc(lastmod)}</lastmod>` : ''}</url>`;

export async function renderSitemap(deps: Pick<Deps, 'db'>, appUrl: string, posts: BlogPost[]) {
  const landing = await listSitemapPages(deps);
  const newestPost = posts[0]?.date;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PATHS.map((p) => url(`${appUrl}${p}`, p === '/blog' ? newestPost : undefined)),
    ...posts.map((p) => url(`${appUrl}/blog/${p.slug}`, p.date)),
    ...landing.map((p) => url(`${appUrl}/imoveis/${p.slug}`, p.updatedAt.toISOString())),
    '</urlset>',
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
