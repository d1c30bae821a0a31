/**
 * Vídeos (docs/product.md#videos): every member of the agency, agents
 * included, manages the videos of its pages. Another agency's page or video ids answer 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VIDEO_MESSAGES } from '@vitrine/contracts';
import { HttpError, notFound, validationError } from '../../lib/http-errors.ts';
import { mount } from '../../lib/mount.ts';
import { addVideoFromUrl } from './add-video-from-url.ts';
import { changeVideoSequence } from './change-video-sequence.ts';
import { createVideoUpload } from './create-video-upload.ts';
import { deleteVideo } from './delete-video.ts';
import { finishVideoUpload } from './finish-video-upload.ts';
import { findVideoPage } from './find-video-page.ts';
import { findVideo, findVideos, listVideos } from './list-videos.ts';
import { toVideoView, type VideoRow } from './video-view.ts';

const PAGE_NOT_FOUND = 'Página não encontrada.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function videoRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = (row: VideoRow) => toVideoView(row, deps.storage);

  /** Membership in the agency that owns a row; any refusal of tenancy reads as the row's 404. */
  const requireOwner = async (request: FastifyRequest, realEstateId: number, message: string) => {
    try {
      await app.requireMembership(request, realEstateId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(message);
      throw err;
    }
  };
  const loadPage = async (request: FastifyRequest, id: number) => {
    await app.requireUser(request);
    const page = await findVideoPage(deps, id);
    if (!page) throw notFound(PAGE_NOT_FOUND);
    await requireOwner(request, page.realEstateId, PAGE_NOT_FOUND);
    return page;
  };
  const loadVideo = async (request: FastifyRequest, id: string) => {
    await app.requireUser(request);
    if (!UUID.test(id)) throw notFound(VIDEO_MESSAGES.notFound);
    const video = await findVideo(deps, id);
    if (!video) throw notFound(VIDEO_MESSAGES.notFound);
    await requireOwner(request, video.realEstateId, VIDEO_MESSAGES.notFound);
    return video;
  };

  mount(app, 'listVideos', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const rows = await listVideos(deps, { realEstateId: m.realEstateId, pageId: request.query.page_id });
    return { data: rows.map(view), meta: { max_upload_bytes: deps.config.VIDEO_MAX_BYTES } };
  });

  mount(app, 'createVideoUploadUrl', async (request) => {
    const page = await loadPage(request, request.params.id);
    const { video, ticket } = await createVideoUpload(deps, {
      realEstateId: page.realEstateId,
      pageId: page.id,
      fileType: request.body.file_type,
      sizeBytes: request.body.size_bytes,
    });
    return {
      data: {
        video: view(video),
        upload: {
          url: ticket.url,
          method: ticket.method,
          headers: ticket.headers,
          expires_at: ticket.expiresAt.toISOString(),
          ...(ticket.multipart
            ? { part_size: ticket.multipart.partSize, parts: ticket.multipart.parts }
            : {}),
        },
      },
    };
  });

  mount(app, 'finishVideoUpload', async (request) => {
    const video = await loadVideo(request, request.params.id);
    return { data: view(await finishVideoUpload(deps, video, request.body?.parts)) };
  });

  mount(app, 'addVideoFromUrl', async (request) => {
    const page = await loadPage(request, request.params.id);
    const row = await addVideoFromUrl(deps, {
      realEstateId: page.realEstateId,
      pageId: page.id,
      url: request.body.url,
    });
    return { data: view(row) };
  });

  mount(app, 'reorderVideos', async (request) => {
    await app.requireUser(request);
    const items = request.body.videos;
    const ids = [...new Set(items.map((i) => i.id))];
    if (ids.length !== items.length)
      throw validationError({ videos: ['Cada vídeo deve aparecer uma vez só.'] });
    const rows = await findVideos(deps, ids);
    if (rows.length !== ids.length) throw notFound(VIDEO_MESSAGES.notFound);
    const agencies = [...new Set(rows.map((v) => v.realEstateId))];
    for (const agency of agencies) await requireOwner(request, agency, VIDEO_MESSAGES.notFound);
    if (agencies.length > 1)
      throw validationError({ videos: ['Todos os vídeos devem ser da mesma imobiliária.'] });
    return { data: (await changeVideoSequence(deps, items)).map(view) };
  });

  mount(app, 'deleteVideo', async (request) => {
    const video = await loadVideo(request, request.params.id);
    await deleteVideo(deps, video);
    return null;
  });
}
