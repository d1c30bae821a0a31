/**
 * The public side's endpoints: each property's landing page and its lead form, and the server-rendered
 * site (welcome, sign-in and sign-up pages, blog, sitemaps, robots.txt). Browser-only routes stay out
 * of the OpenAPI document; the lead form, which a script also posts as JSON, is in it.
 */
import { z } from 'zod';
import { apiErrorSchema } from './api-error.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { publicLeadBody } from './leads.ts';
import { documentBody, noContent } from './params.ts';

/**
 * A path segment the handler checks itself (an unknown slug or number is the page's 404, never a
 * 400): any string passes here.
 */
const slugPath = z.object({ slug: z.string() });
const leadPath = z.object({ slug: z.string().meta({ description: 'Slug da página publicada.' }) });

export const landingEndpoints = {
  getLandingPage: {
    tags: ['landing'],
    summary: 'Página pública do imóvel (HTML; ETag, 304)',
    params: slugPath,
    response: documentBody,
    produces: 'text/html',
    hide: true,
  },
  getLandingAsset: {
    tags: ['landing'],
    summary: 'Script do rastreador das páginas (nome com hash, cache de um ano)',
    response: documentBody,
    produces: 'text/javascript',
    hide: true,
  },
  submitLead: {
    tags: ['landing'],
    summary: 'Enviar o formulário de contato de uma página publicada (público, sem sessão)',
    description:
      'Os campos do formulário, como JSON (o script da página) ou application/x-www-form-urlencoded (sem JavaScript). ' +
      'Em JSON responde 201 {data: {id}}, ou 422 com os erros por campo. Como formulário, redireciona (303) para a página ' +
      'com ?enviado=1#contato, ou responde 422 com o HTML da página e os erros no formulário.',
    params: leadPath,
    body: publicLeadBody,
    bodyParsedByHandler: true,
    consumes: ['application/json', 'application/x-www-form-urlencoded'],
    status: 201,
    response: z.object({ data: z.object({ id: z.string() }) }),
    errors: {
      303: noContent.meta({
        description: 'Formulário sem JavaScript recebido: redireciona para a página (?enviado=1#contato).',
      }),
      422: apiErrorSchema.meta({
        description:
          'Campos inválidos: os erros por campo (JSON); como formulário, o HTML da página com os erros (text/html).',
      }),
    },
  },
} as const satisfies EndpointSchemas;

/** A page of the site: HTML, outside the OpenAPI document. */
const sitePage = (summary: string) =>
  ({ tags: ['site'], summary, response: documentBody, produces: 'text/html', hide: true }) as const;

/** Without JavaScript the sign-in and sign-up forms post here: back to the form (303). */
const formFallback = (summary: string) =>
  ({ tags: ['site'], summary, status: 303, response: noContent, hide: true }) as const;

export const siteEndpoints = {
  getHome: sitePage('Página inicial do site'),
  getLoginPage: sitePage('Página de entrada'),
  getLoginPageAlias: sitePage('Página de entrada (/login)'),
  getRegisterPage: sitePage('Página de cadastro'),
  postLoginPage: formFallback('Formulário de entrada sem JavaScript: volta para a página'),
  postRegisterPage: formFallback('Formulário de cadastro sem JavaScript: volta para a página'),
  listBlogPosts: sitePage('Blog: lista de posts (?pagina=)'),
  getBlogRss: {
    tags: ['site'],
    summary: 'Blog: feed RSS',
    response: documentBody,
    produces: 'application/rss+xml',
    hide: true,
  },
  getBlogPost: { ...sitePage('Blog: post'), params: slugPath },
  getSitemap: {
    tags: ['site'],
    summary: 'Sitemap (ou índice de sitemaps); ETag, 304',
    response: documentBody,
    produces: 'application/xml',
    hide: true,
  },
  getSiteSitemap: {
    tags: ['site'],
    summary: 'Sitemap das páginas do site; ETag, 304',
    response: documentBody,
    produces: 'application/xml',
    hide: true,
  },
  getPagesSitemap: {
    tags: ['site'],
    summary: 'Sitemap de um lote de páginas de imóveis; ETag, 304',
    params: z.object({ n: z.string() }),
    response: documentBody,
    produces: 'application/xml',
    hide: true,
  },
  getRobots: {
    tags: ['site'],
    summary: 'robots.txt',
    response: documentBody,
    produces: 'text/plain',
    hide: true,
  },
} as const satisfies EndpointSchemas;
