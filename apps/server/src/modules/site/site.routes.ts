/**
 * The public site, server-rendered: / (welcome), /entrar and /login, /registrar, /blog, /blog/{slug},
 * /blog/rss.xml, /sitemap.xml, /robots.txt and the site's images (/site/img/). No console bundle on these
 * pages: they paint from the first response (docs/decisions/013-public-site.md).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mount } from '../../lib/mount.ts';
import { serverRoot } from '../../paths.ts';
import { loadPosts, pageOfPosts, POST_SLUG, type BlogPost } from './blog-posts.ts';
import { renderLogin, renderRegister, AUTH_SCRIPT } from './render-auth.ts';
import { renderBlogList, renderBlogPost, renderSiteNotFound, renderWelcome } from './render-site.ts';
import { siteCsp, type SiteContext } from './site-html.ts';
import { sitemapChunks, sitemapPageBatches, sitemapState } from './sitemap-pages.ts';
import {
  renderRobots,
  renderRss,
  renderSiteUrlset,
  renderSitemapIndex,
  streamUrlset,
  type SitemapBody,
} from './sitemap.ts';

export const BLOG_PER_PAGE = 10;

/** If-None-Match lists this ETag (weak comparison, RFC 9110 13.1.2) or is `*`. */
function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(etag));
}

export default async function siteRoutes(app: FastifyInstance) {
  const { config, deps } = app;
  const appUrl = config.APP_URL;
  const site: SiteContext = {
    appUrl,
    support: { email: config.SUPPORT_EMAIL, whatsapp: config.SUPPORT_WHATSAPP ?? null },
  };
  const secure = appUrl.startsWith('https://');
  // Read once: the posts are files of this release.
  const posts = loadPosts();
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  // Each post's HTML, made when it is first asked for (the renderer is imported then, not at start).
  const rendered = new Map<string, Promise<string>>();
  const htmlOf = (post: BlogPost) => {
    let html = rendered.get(post.slug);
    if (!html) {
      html = import('./blog-render.ts').then(({ renderMarkdown }) => renderMarkdown(post.markdown));
      rendered.set(post.slug, html);
    }
    return html;
  };

  const sendPage = (reply: FastifyReply, status: number, body: string, cache: string, script?: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', siteCsp(script, secure))
      .header('cache-control', cache)
      .send(body);
  const PUBLIC_CACHE = 'public, max-age=300';

  mount(app, 'getHome', async (_request, reply) =>
    sendPage(reply, 200, renderWelcome(site, posts.slice(0, 3)), PUBLIC_CACHE),
  );

  for (const [name, p] of [
    ['getLoginPage', '/entrar'],
    ['getLoginPageAlias', '/login'],
  ] as const) {
    mount(app, name, async (_request, reply) =>
      sendPage(reply, 200, renderLogin(site, p), 'no-cache', AUTH_SCRIPT),
    );
  }
  mount(app, 'getRegisterPage', async (_request, reply) =>
    sendPage(reply, 200, renderRegister(site), 'no-cache', AUTH_SCRIPT),
  );
  // Without JavaScript the forms post here: back to the form, whose <noscript> says what is missing.
  for (const [name, p] of [
    ['postLoginPage', '/entrar'],
    ['postRegisterPage', '/registrar'],
  ] as const) {
    mount(app, name, async (_request, reply) => reply.redirect(p, 303));
  }

  mount(app, 'listBlogPosts', async (request, reply) => {
    const raw = (request.query as { pagina?: string }).pagina;
    const page = raw === undefined ? 1 : /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
    const list = pageOfPosts(posts, page, BLOG_PER_PAGE);
    if (!list) return sendPage(reply, 404, renderSiteNotFound(site, '/blog'), 'no-cache');
    return sendPage(reply, 200, renderBlogList(site, list), PUBLIC_CACHE);
  });

  mount(app, 'getBlogRss', async (_request, reply) =>
    reply
      .type('application/rss+xml; charset=utf-8')
      .header('cache-control', PUBLIC_CACHE)
      .send(renderRss(appUrl, posts)),
  );

  mount(app, 'getBlogPost', async (request, reply) => {
    const slug = request.params.slug;
    const post = POST_SLUG.test(slug) ? bySlug.get(slug) : undefined;
    if (!post) return sendPage(reply, 404, renderSiteNotFound(site, `/blog/${slug}`), 'no-cache');
    return sendPage(reply, 200, renderBlogPost(site, { ...post, html: await htmlOf(post) }), PUBLIC_CACHE);
  });

  // The sitemap: read from the database on each request, revalidated with an ETag of the listed pages'
  // state (one aggregate query; a crawler asking again gets a 304 without the rows being read).
  const chunkSize = config.SITEMAP_CHUNK_SIZE;
  const release = createHash('sha256')
    .update(JSON.stringify([appUrl, config.LANDING_URL, chunkSize, posts.map((p) => [p.slug, p.date])]))
    .digest('base64url')
    .slice(0, 12);
  /** The body is made only when the crawler's copy is stale (a 304 reads no rows). */
  const sendXml = async (
    request: FastifyRequest,
    reply: FastifyReply,
    tag: string,
    body: () => SitemapBody | Promise<SitemapBody>,
  ) => {
    const etag = `W/"${release}-${tag}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matchesEtag(request, etag)) return reply.status(304).send();
    const content = await body();
    return reply
      .type('application/xml; charset=utf-8')
      .send(typeof content === 'string' ? content : Readable.from(content, { objectMode: false }));
  };

  mount(app, 'getSitemap', async (request, reply) => {
    const state = await sitemapState(deps);
    if (state.count <= chunkSize)
      return sendXml(request, reply, state.fingerprint, () =>
        streamUrlset(appUrl, config.LANDING_URL, sitemapPageBatches(deps, 1, chunkSize), posts),
      );
    // Past one file: an index of the site's file and one file per chunk of landing pages.
    return sendXml(request, reply, state.fingerprint, async () =>
      renderSitemapIndex(appUrl, posts, await sitemapChunks(deps, chunkSize)),
    );
  });

  mount(app, 'getSiteSitemap', async (request, reply) =>
    sendXml(request, reply, 'site', () => renderSiteUrlset(appUrl, posts)),
  );

  mount(app, 'getPagesSitemap', async (request, reply) => {
    const raw = request.params.n;
    const n = /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0;
    const missing = () => sendPage(reply, 404, renderSiteNotFound(site, request.url), 'no-cache');
    if (n < 1) return missing();
    const state = await sitemapState(deps);
    if ((n - 1) * chunkSize >= state.count) return missing();
    return sendXml(request, reply, `${n}-${state.fingerprint}`, () =>
      streamUrlset(appUrl, config.LANDING_URL, sitemapPageBatches(deps, n, chunkSize)),
    );
  });

  mount(app, 'getRobots', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', PUBLIC_CACHE).send(renderRobots(appUrl)),
  );

  await app.register(fastifyStatic, {
    root: path.join(serverRoot, 'site', 'img'),
    prefix: '/site/img/',
    decorateReply: false,
    setHeaders: (res) => {
      // A changed image gets a new file name (README, "The blog"): cached for a year.
      res.header('cache-control', 'public, max-age=31536000, immutable');
      // Link previews (WhatsApp, Facebook) fetch the Open Graph image from their own origin.
      res.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
}
