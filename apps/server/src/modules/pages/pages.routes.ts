/**
 * Páginas: one landing page per property. Every member of the agency (owner, admin, agent) manages
 * them; another agency's page ids answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PAGE_LIMITS,
  suggestPageTitle,
  updatePageFields,
  type PageFields,
  type PropertyType,
} from '@vitrine/contracts';
import { HttpError, fieldError, notFound, parseOrThrow } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { sniffImageType } from '../storage/index.ts';
import { createPage } from './create-page.ts';
import { deletePages } from './delete-pages.ts';
import { countPageLeads, findPage, listPages } from './list-pages.ts';
import { listUserAgencyIds } from '../auth/index.ts';
import {
  addPagePhoto,
  deletePagePhoto,
  reorderPagePhotos,
  tooManyPhotos,
  type PhotoType,
} from './page-photos.ts';
import { multipartText } from '../../lib/multipart-fields.ts';
import { toPageView, type PageRow } from './page-view.ts';
import { updatePage } from './update-page.ts';
import type { Deps } from '../../deps.ts';
import { agencyPagesUrl } from '../domains/index.ts';
import { mount } from '../../lib/mount.ts';

export const PAGE_NOT_FOUND = 'Página não encontrada.';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** The page's fields, sent bare or as {page: {...}}. */
const pageFieldsOf = (body: unknown) =>
  isPlainObject(body) && Object.keys(body).length === 1 && isPlainObject(body.page) ? body.page : body;

/**
 * Handed over by app.ts: the public page's renderer, for the editor's preview. The landing module
 * renders pages (it imports this one), so pages never imports landing back.
 */
export interface PageRoutesOptions {
  renderPagePreview(
    deps: Pick<Deps, 'db' | 'storage' | 'config'>,
    input: { page: PageRow; fields: Partial<PageFields> },
  ): Promise<string>;
}

export default async function pageRoutes(app: FastifyInstance, { renderPagePreview }: PageRoutesOptions) {
  const { deps } = app;
  const { storage } = app;
  /** The page links' origin: the agency's verified domain, else LANDING_URL (decision 017). */
  const viewCtx = async (realEstateId: number) => ({
    landingUrl: await agencyPagesUrl(deps, realEstateId),
    storage,
  });

  /** The page, if it belongs to one of the caller's agencies; otherwise the same 404 as a missing id. */
  const loadPage = async (request: FastifyRequest, id: number): Promise<PageRow> => {
    await app.requireUser(request);
    const row = await findPage(deps, id);
    if (!row) throw notFound(PAGE_NOT_FOUND);
    try {
      await app.requireMembership(request, row.realEstateId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(PAGE_NOT_FOUND);
      throw err;
    }
    return row;
  };

  const view = async (row: PageRow) => {
    const [counted, ctx] = await Promise.all([countPageLeads(deps, row.id), viewCtx(row.realEstateId)]);
    return toPageView(row, ctx, counted.leads, counted.quarantined);
  };

  mount(app, 'listPages', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const q = request.query;
    const [{ rows, total }, ctx] = await Promise.all([
      listPages(deps, m.realEstateId, q),
      viewCtx(m.realEstateId),
    ]);
    return paginate({
      data: rows.map((x) => toPageView(x.page, ctx, x.leadsCount, x.quarantinedLeadsCount)),
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/pages`,
      query: q,
    });
  });

  mount(app, 'createPage', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const row = await createPage(deps, {
      realEstateId: m.realEstateId,
      userId: request.currentUser!.id,
      fields: request.body.page,
    });
    return { data: toPageView(row, await viewCtx(m.realEstateId), 0, 0) };
  });

  // Static before parametric: find-my-way prefers it anyway, and "many" is not a number.
  mount(app, 'deleteManyPages', async (request) => {
    await app.requireUser(request);
    const user = request.currentUser!;
    // Only pages of the caller's own agencies match; other ids are ignored without a word.
    const agencies = await listUserAgencyIds(deps, user.id);
    const deleted = (
      await deletePages(deps, {
        realEstateIds: agencies,
        userId: user.id,
        ids: [...new Set(request.body.ids)],
      })
    ).length;
    return { data: { deleted } };
  });

  mount(app, 'getPage', async (request) => ({
    data: await view(await loadPage(request, request.params.id)),
  }));

  mount(app, 'updatePage', async (request) => {
    const page = await loadPage(request, request.params.id);
    const fields = parseOrThrow(updatePageFields, pageFieldsOf(request.body));
    const row = await updatePage(deps, { page, userId: request.currentUser!.id, fields });
    return { data: await view(row) };
  });

  mount(app, 'previewPage', async (request, reply) => {
    const page = await loadPage(request, request.params.id);
    const fields = parseOrThrow(updatePageFields, pageFieldsOf(request.body));
    const html = await renderPagePreview(deps, { page, fields });
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);
  });

  mount(app, 'deletePage', async (request) => {
    const page = await loadPage(request, request.params.id);
    await deletePages(deps, {
      realEstateIds: [page.realEstateId],
      userId: request.currentUser!.id,
      ids: [page.id],
    });
    return null;
  });

  mount(app, 'suggestPageTitle', async (request) => {
    const page = await loadPage(request, request.params.id);
    const title = suggestPageTitle({
      property_type: page.propertyType as PropertyType | null,
      purpose: page.purpose,
      bedrooms: page.bedrooms,
      neighborhood: page.neighborhood,
      city: page.city,
    });
    // The console shows the suggestion first and saves only when the agent accepts it
    // (docs/product.md#pages).
    const save = request.query.save !== 'false' && request.query.save !== '0';
    if (!save) return { data: await view(page), suggested_title: title };
    const row = await updatePage(deps, {
      page,
      userId: request.currentUser!.id,
      fields: { title },
      action: 'page.title_suggested',
    });
    return { data: await view(row), suggested_title: title };
  });

  mount(app, 'addPagePhoto', async (request) => {
    const page = await loadPage(request, request.params.id);
    if (!request.isMultipart())
      throw fieldError('photo', 'Envie a foto como multipart/form-data no campo photo.');
    if (page.photos.length >= PAGE_LIMITS.photos) throw tooManyPhotos();
    let file: { buffer: Buffer; type: PhotoType } | undefined;
    let alt: string | null = null;
    for await (const part of request.parts({
      limits: { fileSize: PAGE_LIMITS.photoBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') {
          await part.toBuffer().catch(() => undefined);
          throw fieldError(
            part.fieldname,
            `Arquivo inesperado no campo ${part.fieldname}: envie a foto no campo photo.`,
          );
        }
        const buffer = await part.toBuffer();
        const type = sniffImageType(buffer);
        if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') {
          throw fieldError('photo', 'A foto deve ser uma imagem JPEG, PNG ou WebP.');
        }
        file = { buffer, type };
      } else if (part.fieldname === 'alt') {
        const value = multipartText(part).trim();
        if (value.length > 200)
          throw fieldError('alt', 'O texto alternativo da foto deve ter no máximo 200 caracteres.');
        alt = value || null;
      }
    }
    if (!file) throw fieldError('photo', 'Envie a foto no campo photo.');
    const row = await addPagePhoto(deps, {
      page,
      userId: request.currentUser!.id,
      file: file.buffer,
      type: file.type,
      alt,
    });
    return { data: await view(row) };
  });

  mount(app, 'reorderPagePhotos', async (request) => {
    const page = await loadPage(request, request.params.id);
    const row = await reorderPagePhotos(deps, {
      page,
      userId: request.currentUser!.id,
      order: request.body.order,
      alt: request.body.alt,
    });
    return { data: await view(row) };
  });

  mount(app, 'deletePagePhoto', async (request) => {
    const page = await loadPage(request, request.params.id);
    const row = await deletePagePhoto(deps, {
      page,
      userId: request.currentUser!.id,
      photoId: request.params.photoId,
    });
    return { data: await view(row) };
  });
}
