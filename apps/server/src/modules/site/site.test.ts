/**
 * The public site: the blog rendered from Markdown (titles, meta, canonical, Open Graph, sanitised
 * HTML), 404s, RSS, the sitemap following publication, robots.txt, and the server-rendered welcome and
 * login pages (no console bundle).
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../db/schema.ts';
import {
  createOwner,
  createTestContext,
  insertPage,
  TestClient,
  type TestContext,
} from '../../testing/test-app.ts';
import { loadPosts, pageOfPosts, parsePost } from './blog-posts.ts';
import { renderMarkdown } from './blog-render.ts';

let ctx: TestContext;
const APP = 'http://localhost:3000';
/** Landing pages are listed on their own origin (LANDING_URL, decision 017). */
const LANDING = 'http://127.0.0.1:3000';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const tag = (body: string, re: RegExp) => re.exec(body)?.[1];

describe('blog', () => {
  const posts = loadPosts();

  it('has the three posts, newest first, each with its front matter', () => {
    expect(posts.map((p) => p.slug)).toEqual([
      'importar-catalogo-da-meta',
      'whatsapp-ou-formulario',
      'mais-leads-de-um-unico-anuncio',
    ]);
    for (const p of posts) {
      expect(p.title.length).toBeGreaterThan(10);
      expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.author).toBe('Equipe Vitrine Imóveis');
      expect(p.cover).toMatch(/^\/site\/img\/.+\.webp$/);
      expect(p.words).toBeGreaterThan(500);
    }
  });

  it('/blog lists them newest first, server-rendered, with its own title and canonical', async () => {
    const res = await get('/blog');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const body = res.body;
    expect(tag(body, /<title>([^<]*)<\/title>/)).toBe('Blog | Vitrine Imóveis');
    expect(body).toContain(`<link rel="canonical" href="${APP}/blog" />`);
    const order = posts.map((p) => body.indexOf(`href="/blog/${p.slug}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // No console bundle, a policy of its own.
    expect(body).not.toMatch(/<script[^>]+src=/);
    expect(res.headers['content-security-policy']).toContain("script-src 'none'");
  });

  it('renders a post as real HTML with title, description, canonical and Open Graph tags', async () => {
    const res = await get('/blog/whatsapp-ou-formulario');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(tag(body, /<title>([^<]*)<\/title>/)).toBe(
      'WhatsApp ou formulário: qual converte mais na página do imóvel? | Vitrine Imóveis',
    );
    expect(tag(body, /<meta name="description" content="([^"]*)"/)).toMatch(/^Os dois canais trazem leads/);
    expect(body).toContain(`<link rel="canonical" href="${APP}/blog/whatsapp-ou-formulario" />`);
    expect(body).toContain('<meta property="og:type" content="article" />');
    expect(body).toContain(`<meta property="og:url" content="${APP}/blog/whatsapp-ou-formulario" />`);
    expect(body).toContain(`<meta property="og:image" content="${APP}/site/img/leads-1280.webp" />`);
    expect(body).toContain('<h2>O que o WhatsApp faz melhor</h2>');
    expect(body).toContain('<strong>todo envio é um lead registrado</strong>');
    expect(body).toContain('<time datetime="2026-11-17">17 de novembro de 2026</time>');
  });

  it('answers 404 (HTML, noindex) to an unknown slug, a malformed one and a page past the last', async () => {
    for (const url of [
      '/blog/nao-existe',
      '/blog/..%2Fsecret',
      '/blog/ABC',
      '/blog?pagina=2',
      '/blog?pagina=x',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('paginates 10 posts a page', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ ...posts[0]!, slug: `p${i}` }));
    expect(pageOfPosts(many, 1, 10)).toMatchObject({ page: 1, lastPage: 3 });
    expect(pageOfPosts(many, 3, 10)!.posts.map((p) => p.slug)).toEqual(['p20', 'p21', 'p22']);
    expect(pageOfPosts(many, 4, 10)).toBeNull();
    expect(pageOfPosts(many, 0, 10)).toBeNull();
    expect(pageOfPosts([], 1, 10)).toMatchObject({ posts: [], lastPage: 1 });
  });

  it('sanitises what Markdown lets through: no HTML, no script URLs', () => {
    const out = renderMarkdown(
      '<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)> [ok](https://exemplo.com)',
    );
    expect(out).not.toContain('<script');
    expect(out).not.toContain('href="javascript:');
    expect(out).not.toContain('<img');
    expect(out).toContain('<a href="https://exemplo.com" rel="noopener nofollow" target="_blank">ok</a>');
  });

  it('refuses a post whose front matter lacks a field, naming the file and the field', () => {
    expect(() => parsePost('sem-data', '---\ntitle: Título\ndescription: D\nauthor: A\n---\nTexto')).toThrow(
      /blog\/sem-data\.md: date/,
    );
    expect(() => parsePost('sem-cabecalho', 'Só texto')).toThrow(/front matter/);
  });

  it('publishes an RSS 2.0 feed of the posts', async () => {
    const res = await get('/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<rss version="2.0"');
    expect(res.body.match(/<item>/g)).toHaveLength(3);
    expect(res.body).toContain(`<link>${APP}/blog/importar-catalogo-da-meta</link>`);
    expect(res.body).toContain('<pubDate>Sat, 21 Nov 2026 12:00:00 GMT</pubDate>');
  });
});

describe('sitemap and robots', () => {
  it('lists the public pages, the posts and published landing pages; drafts never; follows unpublishing', async () => {
    const owner = await createOwner(ctx, 'Imobiliária Sitemap');
    const published = await insertPage(ctx, owner.realEstateId, { slug: 'casa-publicada-sitemap' });
    await insertPage(ctx, owner.realEstateId, { slug: 'casa-rascunho-sitemap', status: 'draft' });
    await insertPage(ctx, owner.realEstateId, { slug: 'casa-vendida-sitemap', status: 'sold' });

    let res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    for (const p of ['/', '/demonstracao', '/blog', '/registrar', '/entrar', '/blog/whatsapp-ou-formulario'])
      expect(xml).toContain(`<loc>${APP}${p}</loc>`);
    expect(xml).toContain(
      `<url><loc>${LANDING}/imoveis/casa-publicada-sitemap</loc><lastmod>${published.updatedAt.toISOString()}</lastmod></url>`,
    );
    expect(xml).not.toContain('casa-rascunho-sitemap');
    expect(xml).not.toContain('casa-vendida-sitemap');

    // Unpublished through the API (back to draft): gone from the next sitemap.
    const client = new TestClient(ctx.app);
    await client.login(owner.email);
    const put = await client.put(`/v1/pages/${published.id}`, { status: 'draft' });
    expect(put.statusCode).toBe(200);
    res = await get('/sitemap.xml');
    expect(res.body).not.toContain('casa-publicada-sitemap');

    // Published again: back, with the new lastmod.
    await client.put(`/v1/pages/${published.id}`, { status: 'published' });
    const [row] = await ctx.database.db.select().from(pages).where(eq(pages.id, published.id));
    res = await get('/sitemap.xml');
    expect(res.body).toContain(
      `<loc>${LANDING}/imoveis/casa-publicada-sitemap</loc><lastmod>${row!.updatedAt.toISOString()}</lastmod>`,
    );
  });

  it('robots.txt allows the site, keeps crawlers out of the console and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /v1/');
    expect(lines).toContain('Disallow: /dashboard');
    expect(lines).toContain('Disallow: /leads');
    expect(lines).not.toContain('Disallow: /imoveis/');
    expect(lines).not.toContain('Disallow: /blog');
    expect(lines).toContain(`Sitemap: ${APP}/sitemap.xml`);
  });
});

describe('welcome and sign-in pages', () => {
  it('/ says what the product does, shows screenshots, leads to the demo and registration', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1>Cada imóvel com a sua página.<br />Cada lead no seu CRM.</h1>');
    expect(body).toContain('href="/demonstracao">Ver a demonstração</a>');
    expect(body).toContain('href="/registrar">Criar conta grátis</a>');
    expect(body).toContain(`<link rel="canonical" href="${APP}/" />`);
    for (const img of [...body.matchAll(/src="(\/site\/img\/[^"]+)"/g)].map((m) => m[1]!)) {
      const file = await get(img);
      expect(file.statusCode, img).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    expect(body).not.toMatch(/<script/);
  });

  it('/entrar, /login and /registrar are forms with labels, one hash-pinned script, no console bundle', async () => {
    for (const url of ['/entrar', '/login', '/registrar']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<label for="email">E-mail</label>');
      expect(res.body).not.toMatch(/<script[^>]+src=/);
      // The policy pins the exact bytes of the page's one inline script.
      const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)![1]!;
      const hash = createHash('sha256').update(inline).digest('base64');
      expect(res.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`);
    }
    expect((await get('/registrar')).body).toContain(
      '<label for="real_estate_name">Nome da imobiliária</label>',
    );
    const post = await ctx.app.inject({ method: 'POST', url: '/entrar' });
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe('/entrar');
  });
});
