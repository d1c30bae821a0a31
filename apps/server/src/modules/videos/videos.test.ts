/**
 * Videos API (docs/product.md#videos) on the local driver: the three-step upload through the real
 * signed URL, the ffmpeg job, links, validation 422s, tenancy, agents, reorder, delete and the clean-up.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MESSAGES, parseVideoUrl, type Video } from '@vitrine/contracts';
import { videos } from '../../db/schema.ts';
import {
  PNG_1X1,
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  insertPage,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { cleanPendingUploads } from './clean-pending-uploads.ts';
import { NO_THUMBNAIL_MESSAGE, ThumbnailFetchError, queueMissingLinkPosters } from './copy-link-poster.ts';
import { processVideo } from './process-video.ts';
import { TINY_MP4, TINY_WEBM } from './testing/fixtures.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
let c: TestClient;
let pageId: number;

/** A JPEG as YouTube's and Vimeo's thumbnail hosts answer (only its first bytes are checked). */
const THUMB_JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
/** The two providers' thumbnail hosts, local: ids starting with "gone" are 404, "boom" 500, "slow" hang. */
let thumbs: Server;
let thumbsBase: string;
const thumbRequests: string[] = [];

beforeAll(async () => {
  thumbs = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    thumbRequests.push(url.pathname + url.search);
    const yt = /^\/vi\/([\w-]+)\/hqdefault\.jpg$/.exec(url.pathname);
    const id = yt?.[1] ?? url.searchParams.get('url') ?? '';
    if (/gone|111111111/.test(id)) return res.writeHead(404).end('not found');
    if (/boom|222222222/.test(id)) return res.writeHead(500).end('oops');
    if (/slow/.test(id)) return; // never answers: the request's time budget ends it
    if (yt) return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(THUMB_JPEG);
    if (url.pathname === '/api/oembed.json' && id.includes('333333333'))
      // An answer pointing elsewhere than Vimeo's CDN (or this host) is not followed.
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ thumbnail_url: 'http://169.254.169.254/latest/meta-data/thumb.jpg' }));
    if (url.pathname === '/api/oembed.json')
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ type: 'video', thumbnail_url: `${thumbsBase}/vimeo-thumb/1.jpg` }));
    if (url.pathname === '/vimeo-thumb/1.jpg')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(THUMB_JPEG);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => thumbs.listen(0, '127.0.0.1', resolve));
  thumbsBase = `http://127.0.0.1:${(thumbs.address() as AddressInfo).port}`;
  ctx = await createTestContext(
    {},
    {
      VIDEO_MAX_BYTES: '100000',
      YOUTUBE_THUMBNAIL_BASE: `${thumbsBase}/vi`,
      VIMEO_OEMBED_URL: `${thumbsBase}/api/oembed.json`,
      VIDEO_THUMBNAIL_TIMEOUT_MS: '300',
    },
  );
  owner = await createOwner(ctx);
  c = new TestClient(ctx.app);
  await c.login(owner.email);
  pageId = (await insertPage(ctx, owner.realEstateId)).id;
});
afterAll(async () => {
  await ctx?.close();
  thumbs?.closeAllConnections();
  await new Promise((resolve) => thumbs?.close(resolve));
});

const fileOf = (url: string) =>
  path.join(ctx.config.dataDir, 'uploads', new URL(url).pathname.replace(/^\/files\//, ''));

/**
 * Steps 1 and 2 of the upload (docs/product.md#videos): an upload URL, then the file PUT to it (no session,
 * no CSRF).
 */
async function upload(body: Buffer, fileType = 'video/mp4', page = pageId) {
  const res = await c.post(`/v1/pages/${page}/videos/generate-upload-url`, { file_type: fileType });
  expect(res.statusCode, res.body).toBe(201);
  const { video, upload: ticket } = res.json().data as {
    video: Video;
    upload: { url: string; method: string; headers: Record<string, string>; expires_at: string };
  };
  const put = await ctx.app.inject({
    method: 'PUT',
    url: ticket.url.replace(ctx.config.APP_URL, ''),
    headers: ticket.headers,
    payload: body,
  });
  return { video, ticket, put };
}

describe('upload: generate-upload-url, PUT, upload-finished', () => {
  it('stores the file, checks it, and the job makes the poster and reads the duration', async () => {
    const { video, ticket, put } = await upload(TINY_MP4);
    expect(video).toMatchObject({ status: 'pending_upload', source: 'upload', page_id: pageId, url: null });
    expect(ticket.method).toBe('PUT');
    expect(ticket.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(new Date(ticket.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(put.statusCode, put.body).toBe(204);

    const done = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'processing', size_bytes: TINY_MP4.length });

    const ready = await waitFor(
      async () => {
        const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos?page_id=${pageId}`)).json()
          .data as Video[];
        return list.find((v) => v.id === video.id && v.status === 'ready');
      },
      { what: 'video ready' },
    );
    expect(ready.duration_seconds).toBeCloseTo(2, 0);
    expect(ready.poster_url).toMatch(/poster\.jpg$/);
    expect(ready.url).toMatch(/\/files\/videos\/.+\/original\.mp4$/);
    expect(ready.status_message).toBeNull();
    // The poster is a real JPEG, served from storage.
    const poster = await ctx.app.inject({ method: 'GET', url: new URL(ready.poster_url!).pathname });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    // Finishing twice answers the same video.
    const again = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('ready');
  });

  it('the server tests make posters with the ffmpeg npm install brought (no ffmpeg on their PATH)', () => {
    // createTestContext's environment has no PATH and no FFMPEG_PATH: the npm packages' binaries.
    expect(ctx.config.FFMPEG_PATH).toMatch(/@ffmpeg-installer\/[\w-]+\/ffmpeg$/);
    expect(ctx.config.FFPROBE_PATH).toMatch(/@ffprobe-installer\/[\w-]+\/ffprobe$/);
  });

  it('without ffmpeg videos are ready without a poster, tell the customer what to do, and the operator once', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _e, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const other = await createTestContext(
      {},
      { FFMPEG_PATH: '/nonexistent/ffmpeg' },
      { level: 'debug', stream },
    );
    try {
      const o = await createOwner(other);
      const client = new TestClient(other.app);
      await client.login(o.email);
      const page = await insertPage(other, o.realEstateId);
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await client.post(`/v1/pages/${page.id}/videos/generate-upload-url`, {
          file_type: 'video/mp4',
        });
        const { video, upload: ticket } = res.json().data;
        const put = await other.app.inject({
          method: 'PUT',
          url: (ticket.url as string).replace(other.config.APP_URL, ''),
          headers: ticket.headers,
          payload: TINY_MP4,
        });
        expect(put.statusCode).toBe(204);
        expect((await client.request('PATCH', `/v1/videos/${video.id}/upload-finished`)).statusCode).toBe(
          200,
        );
        ids.push(video.id);
      }
      const listed = await waitFor(
        async () => {
          const list = (
            await client.get(`/v1/real-estates/${o.realEstateId}/videos?page_id=${page.id}`)
          ).json().data as Video[];
          return list.length === 2 && list.every((v) => v.status === 'ready') ? list : null;
        },
        { what: 'both videos ready' },
      );
      for (const v of listed) {
        // Still a video: it plays, without a poster, and the customer reads what to do.
        expect(ids).toContain(v.id);
        expect(v.url).toMatch(/original\.mp4$/);
        expect(v.poster_url).toBeNull();
        expect(v.status_message).toBe(VIDEO_MESSAGES.noFfmpeg);
      }
      // The customer's message names no server internals and says what to do.
      expect(VIDEO_MESSAGES.noFfmpeg).not.toMatch(/ffmpeg|ffprobe|servidor|instalad/i);
      expect(VIDEO_MESSAGES.noFfmpeg).toMatch(/envie-o de novo mais tarde/);
      // The operator: one warning, at start, with the fix; not one per video.
      const warnings = lines
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .filter((l) => l.level >= 40 && /ffmpeg/.test(l.msg));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain('FFMPEG_PATH=/nonexistent/ffmpeg');
      expect(warnings[0]!.msg).toContain('apt-get install ffmpeg');
      expect(warnings[0]!.msg).toContain('npm install');
    } finally {
      await other.close();
    }
  }, 90_000); // an app of its own: a second start and migration on a loaded machine

  it('a finish without upload is a 422 and the video stays pending (the browser can retry)', async () => {
    const res = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, { file_type: 'video/webm' });
    const id = res.json().data.video.id;
    const done = await c.request('PATCH', `/v1/videos/${id}/upload-finished`);
    expect(done.statusCode).toBe(422);
    expect(done.json().errors.file).toEqual([VIDEO_MESSAGES.notUploaded]);
    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, id));
    expect(row!.status).toBe('pending_upload');
  });

  it('checks the real type by the first bytes: a PNG sent as video/mp4 fails and is deleted', async () => {
    const { video, put } = await upload(PNG_1X1);
    expect(put.statusCode).toBe(204);
    const done = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    expect(done.statusCode).toBe(422);
    expect(done.json().errors.file).toEqual([VIDEO_MESSAGES.notVideo]);
    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ status: 'failed', statusMessage: VIDEO_MESSAGES.notVideo });
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', row!.storageKey!))).toBe(false);
  });

  it('a WebM declared as MP4 is stored as what it is', async () => {
    const { video, put } = await upload(TINY_WEBM);
    expect(put.statusCode).toBe(204);
    const done = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    expect(done.statusCode).toBe(200);
    expect(done.json().data.file_type).toBe('video/webm');
  });

  it('refuses bad types and sizes over the limit with Portuguese 422s naming the field', async () => {
    const bad = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, { file_type: 'image/png' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.file_type).toEqual([VIDEO_MESSAGES.fileType]);
    const none = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file_type).toBeDefined();
    const big = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, {
      file_type: 'video/mp4',
      size_bytes: 200_000,
    });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.size_bytes).toEqual(['O vídeo passa do limite de 97,7 KB.']);
  });

  it('the list names the configured upload limit in meta (the editor shows it and checks files)', async () => {
    const list = await c.get(`/v1/real-estates/${owner.realEstateId}/videos?page_id=${pageId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toEqual({ max_upload_bytes: 100_000 }); // VIDEO_MAX_BYTES of this file
  });

  it('the local URL cuts a body over the limit (413) and a wrong content type (415)', async () => {
    const { put } = await upload(Buffer.concat([TINY_MP4, Buffer.alloc(100_000)]));
    expect(put.statusCode).toBe(413);
    const res = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, { file_type: 'video/mp4' });
    const ticket = res.json().data.upload;
    const wrongType = await ctx.app.inject({
      method: 'PUT',
      url: (ticket.url as string).replace(ctx.config.APP_URL, ''),
      headers: { 'content-type': 'text/html' },
      payload: TINY_MP4,
    });
    expect(wrongType.statusCode).toBe(415);
    const tampered = await ctx.app.inject({
      method: 'PUT',
      url: (ticket.url as string).replace(ctx.config.APP_URL, '').replace('max=100000', 'max=900000'),
      headers: ticket.headers,
      payload: TINY_MP4,
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json().message).toBe('Endereço de envio inválido.');
  });

  it('a signed URL works only while its video waits for the file, and for the declared size', async () => {
    const putTo = (url: string, body: Buffer) =>
      ctx.app.inject({
        method: 'PUT',
        url: url.replace(ctx.config.APP_URL, ''),
        headers: { 'content-type': 'video/mp4' },
        payload: body,
      });
    // Declared size: the URL takes that many bytes, not the plan's limit.
    const declared = await c.post(`/v1/pages/${pageId}/videos/generate-upload-url`, {
      file_type: 'video/mp4',
      size_bytes: TINY_MP4.length,
    });
    expect(declared.statusCode).toBe(201);
    const sized = declared.json().data as { video: Video; upload: { url: string } };
    expect(sized.upload.url).toContain(`max=${TINY_MP4.length}`);
    expect((await putTo(sized.upload.url, Buffer.concat([TINY_MP4, Buffer.alloc(10)]))).statusCode).toBe(413);
    expect((await putTo(sized.upload.url, TINY_MP4)).statusCode).toBe(204);

    // Once the upload is finished, the URL no longer replaces the checked file.
    const { video, ticket, put } = await upload(TINY_MP4);
    expect(put.statusCode).toBe(204);
    expect((await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`)).statusCode).toBe(200);
    const replaced = await putTo(ticket.url, Buffer.from('<html>outra coisa</html>'));
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(
      'Este envio já foi concluído ou cancelado. Gere um novo endereço de envio.',
    );
    const stored = await ctx.app.storage.head(`videos/${owner.realEstateId}/${video.id}/original.mp4`);
    expect(stored!.size).toBe(TINY_MP4.length);

    // Nor after the video is deleted: no orphan file.
    const gone = await upload(TINY_MP4);
    expect((await c.delete(`/v1/videos/${gone.video.id}`)).statusCode).toBe(204);
    expect((await putTo(gone.ticket.url, TINY_MP4)).statusCode).toBe(409);
    expect(
      await ctx.app.storage.head(`videos/${owner.realEstateId}/${gone.video.id}/original.mp4`),
    ).toBeNull();
  });
});

describe('from a URL', () => {
  it('takes every YouTube form, Vimeo and a direct https file', async () => {
    const forms = [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ'.replace(/^/, 'https://'),
    ];
    for (const url of forms)
      expect(parseVideoUrl(url), url).toMatchObject({ source: 'youtube', id: 'dQw4w9WgXcQ' });
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({ source: 'vimeo', id: '76979871' });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871?h=8272103f6e')).toMatchObject({
      source: 'vimeo',
      id: '76979871',
      hash: '8272103f6e',
    });
    expect(parseVideoUrl('https://vimeo.com/channels/staffpicks/76979871')).toMatchObject({ id: '76979871' });

    const yt = await c.post(`/v1/pages/${pageId}/videos/from-url`, { url: forms[1] });
    expect(yt.statusCode, yt.body).toBe(201);
    expect(yt.json().data).toMatchObject({
      source: 'youtube',
      status: 'ready',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
      // Never YouTube's own image: the job copies it into our storage.
      poster_url: null,
    });
    const vimeo = await c.post(`/v1/pages/${pageId}/videos/from-url`, { url: 'https://vimeo.com/76979871' });
    expect(vimeo.json().data.embed_url).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
    const file = await c.post(`/v1/pages/${pageId}/videos/from-url`, {
      url: 'https://cdn.exemplo.com.br/tour.mp4',
    });
    expect(file.json().data).toMatchObject({ source: 'url', file_type: 'video/mp4', embed_url: null });
  });

  /** Another agency, so that the list tests below see only their own pages. */
  const otherAgency = async () => {
    const o = await createOwner(ctx);
    const client = new TestClient(ctx.app);
    await client.login(o.email);
    return { o, client, page: await insertPage(ctx, o.realEstateId) };
  };

  it('YouTube and Vimeo thumbnails are copied into our storage by the job, and served from there', async () => {
    const { o, client: c, page } = await otherAgency();
    const yt = await c.post(`/v1/pages/${page.id}/videos/from-url`, { url: 'https://youtu.be/aaaaaaaaaaa' });
    const vimeo = await c.post(`/v1/pages/${page.id}/videos/from-url`, {
      url: 'https://vimeo.com/76979871/8272103f6e',
    });
    expect(yt.statusCode).toBe(201);
    expect(vimeo.statusCode).toBe(201);
    const ids = [yt.json().data.id as string, vimeo.json().data.id as string];
    await waitFor(
      async () => {
        const rows = await ctx.database.db.select().from(videos).where(eq(videos.pageId, page.id));
        return rows.length === 2 && rows.every((r) => r.posterKey);
      },
      { what: 'both posters copied' },
    );
    expect(thumbRequests).toContain('/vi/aaaaaaaaaaa/hqdefault.jpg');
    expect(thumbRequests).toContain(
      `/api/oembed.json?url=${encodeURIComponent('https://vimeo.com/76979871/8272103f6e')}&width=640`,
    );
    const list = await c.get(`/v1/real-estates/${o.realEstateId}/videos?page_id=${page.id}`);
    const posters = (list.json().data as Video[]).map((v) => v.poster_url);
    expect(list.json().data.map((v: Video) => v.id)).toEqual(ids);
    for (const poster of posters) {
      expect(poster).toMatch(new RegExp(`^${ctx.config.APP_URL}/files/videos/\\d+/[0-9a-f-]+/poster\\.jpg$`));
      const file = await ctx.app.inject({ method: 'GET', url: new URL(poster!).pathname });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload).toEqual(THUMB_JPEG);
    }
  });

  it('a thumbnail the provider lacks leaves no poster; network failures and timeouts throw for a retry', async () => {
    const { client: c, page } = await otherAgency();
    const add = async (url: string) => {
      const res = await c.post(`/v1/pages/${page.id}/videos/from-url`, { url });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as Video;
    };
    const gone = await add('https://youtu.be/gone1234567');
    const goneVimeo = await add('https://vimeo.com/111111111');
    const elsewhere = await add('https://vimeo.com/333333333');
    const boom = await add('https://youtu.be/boom1234567');
    const slow = await add('https://www.youtube.com/watch?v=slow1234567');
    const deps = ctx.app.deps;
    await processVideo(deps, gone.id);
    await processVideo(deps, goneVimeo.id);
    await processVideo(deps, elsewhere.id);
    await expect(processVideo(deps, boom.id)).rejects.toBeInstanceOf(ThumbnailFetchError);
    const started = Date.now();
    await expect(processVideo(deps, slow.id)).rejects.toBeInstanceOf(ThumbnailFetchError);
    expect(Date.now() - started).toBeLessThan(5_000); // VIDEO_THUMBNAIL_TIMEOUT_MS=300
    const rows = await ctx.database.db.select().from(videos).where(eq(videos.pageId, page.id));
    expect(rows.map((r) => r.posterKey)).toEqual([null, null, null, null, null]);
    expect(rows.every((r) => r.status === 'ready')).toBe(true);

    // The landing shows the placeholder (no image at all) and names no third party but the players.
    const landing = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(landing.statusCode).toBe(200);
    const body = landing.body;
    expect(body.match(/<button type="button" class="vf"[^>]*><span><\/span><\/button>/g)).toHaveLength(5);
    // (127.0.0.1:3000 is LANDING_URL, the canonical link; the thumbnail server is another port.)
    expect(body).not.toMatch(/ytimg|vimeocdn|127\.0\.0\.1(?!(?::|%3A)3000\b)|<img[^>]+hqdefault/);
    // The video section loads nothing before a click: no src or poster at all, only the players to create.
    const section = /<section><h2>Vídeos<\/h2>.*?<\/section>/s.exec(body)?.[0] ?? '';
    expect(section).toContain('data-embed="https://www.youtube-nocookie.com/embed/gone1234567');
    expect(section).not.toMatch(/\s(src|poster|srcset)=/);
  });

  it('the hourly sweep queues the poster of a link no run settled, and leaves a link the provider lacks', async () => {
    const { o, client: c, page } = await otherAgency();
    // A link stored before posters were copied: ready, no poster, nothing said.
    const [old] = await ctx.database.db
      .insert(videos)
      .values({
        realEstateId: o.realEstateId,
        pageId: page.id,
        source: 'youtube',
        status: 'ready',
        externalUrl: 'https://www.youtube.com/watch?v=bbbbbbbbbbb',
        externalId: 'bbbbbbbbbbb',
        sequence: 9,
      })
      .returning();
    const gone = (
      await c.post(`/v1/pages/${page.id}/videos/from-url`, { url: 'https://youtu.be/gone7654321' })
    ).json().data as Video;
    await waitFor(
      async () => {
        const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, gone.id));
        return row?.statusMessage === NO_THUMBNAIL_MESSAGE;
      },
      { what: 'the missing thumbnail said' },
    );
    thumbRequests.length = 0;
    expect(await queueMissingLinkPosters(ctx.app.deps)).toBeGreaterThanOrEqual(1);
    const copied = await waitFor(
      async () => {
        const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, old!.id));
        return row?.posterKey ? row : undefined;
      },
      { what: 'the old link’s poster copied' },
    );
    expect(copied.posterKey).toMatch(/poster\.jpg$/);
    expect(thumbRequests).toContain('/vi/bbbbbbbbbbb/hqdefault.jpg');
    expect(thumbRequests).not.toContain('/vi/gone7654321/hqdefault.jpg');
  });

  it('anything else is a 422 in Portuguese', async () => {
    for (const url of [
      'http://cdn.exemplo.com.br/tour.mp4',
      'https://exemplo.com.br/tour.html',
      'https://www.youtube.com/watch?v=curto',
      'https://www.youtube.com/@canal',
      'javascript:alert(1)',
      'ftp://exemplo.com/v.mp4',
      'não é um link',
      '',
    ]) {
      const res = await c.post(`/v1/pages/${pageId}/videos/from-url`, { url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toEqual([VIDEO_MESSAGES.url]);
    }
  });
});

describe('list, reorder, delete, tenancy and agents', () => {
  it('reorders through change-sequence and lists in that order', async () => {
    const page = await insertPage(ctx, owner.realEstateId);
    const ids: string[] = [];
    for (const id of ['aaaaaaaaaaa', 'bbbbbbbbbbb', 'ccccccccccc']) {
      const res = await c.post(`/v1/pages/${page.id}/videos/from-url`, { url: `https://youtu.be/${id}` });
      ids.push(res.json().data.id);
    }
    const res = await c.request('PATCH', '/v1/videos/change-sequence', {
      body: { videos: [ids[2], ids[0], ids[1]].map((id, sequence) => ({ id, sequence })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((v: Video) => v.id)).toEqual([ids[2], ids[0], ids[1]]);
    const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos?page_id=${page.id}`)).json()
      .data;
    expect(list.map((v: Video) => v.id)).toEqual([ids[2], ids[0], ids[1]]);
    const all = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos`)).json().data as Video[];
    expect(new Set(all.map((v) => v.page_id))).toEqual(new Set([pageId, page.id]));

    const bad = await c.request('PATCH', '/v1/videos/change-sequence', {
      body: { videos: [{ id: ids[0], sequence: -1 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('A posição do vídeo não pode ser negativa.');
  });

  it('another agency’s video ids answer 404 everywhere and change nothing', async () => {
    const { video } = await upload(TINY_MP4);
    const attacker = await createOwner(ctx, 'Atacante');
    const a = new TestClient(ctx.app);
    await a.login(attacker.email);
    expect((await a.request('PATCH', `/v1/videos/${video.id}/upload-finished`)).statusCode).toBe(404);
    expect((await a.delete(`/v1/videos/${video.id}`)).statusCode).toBe(404);
    const seq = await a.request('PATCH', '/v1/videos/change-sequence', {
      body: { videos: [{ id: video.id, sequence: 9 }] },
    });
    expect(seq.statusCode).toBe(404);
    expect(
      (await a.post(`/v1/pages/${pageId}/videos/from-url`, { url: 'https://youtu.be/dQw4w9WgXcQ' }))
        .statusCode,
    ).toBe(404);
    expect((await a.get(`/v1/real-estates/${owner.realEstateId}/videos`)).statusCode).toBe(404);
    expect((await a.request('PATCH', '/v1/videos/not-a-uuid/upload-finished')).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, video.id));
    expect(row).toMatchObject({ status: 'pending_upload', sequence: video.sequence });
  });

  it('an agent manages videos; delete removes the stored file and poster', async () => {
    const agent = await addMember(ctx, owner.realEstateId, 'agent');
    const ag = new TestClient(ctx.app);
    await ag.login(agent.email);
    const res = await ag.post(`/v1/pages/${pageId}/videos/generate-upload-url`, { file_type: 'video/mp4' });
    expect(res.statusCode).toBe(201);
    const { video, upload: ticket } = res.json().data;
    await ctx.app.inject({
      method: 'PUT',
      url: (ticket.url as string).replace(ctx.config.APP_URL, ''),
      headers: ticket.headers,
      payload: TINY_MP4,
    });
    expect((await ag.request('PATCH', `/v1/videos/${video.id}/upload-finished`)).statusCode).toBe(200);
    const ready = await waitFor(async () => {
      const list = (await ag.get(`/v1/real-estates/${owner.realEstateId}/videos`)).json().data as Video[];
      return list.find((v) => v.id === video.id && v.status === 'ready');
    });
    const files = [fileOf(ready.url!), fileOf(ready.poster_url!)];
    expect(files.every((f) => existsSync(f))).toBe(true);
    expect((await ag.delete(`/v1/videos/${video.id}`)).statusCode).toBe(204);
    expect(files.some((f) => existsSync(f))).toBe(false);
    expect((await ag.delete(`/v1/videos/${video.id}`)).statusCode).toBe(404);
  });

  it('deleting a page removes its videos’ files', async () => {
    const page = await insertPage(ctx, owner.realEstateId);
    const { video, put } = await upload(TINY_MP4, 'video/mp4', page.id);
    expect(put.statusCode).toBe(204);
    const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, video.id));
    const file = path.join(ctx.config.dataDir, 'uploads', row!.storageKey!);
    expect(existsSync(file)).toBe(true);
    expect((await c.delete(`/v1/pages/${page.id}`)).statusCode).toBe(204);
    expect(existsSync(file)).toBe(false);
  });
});

describe('clean-up of uploads never finished', () => {
  it('removes pending uploads older than 24 h with their partial file, and nothing else', async () => {
    const page = await insertPage(ctx, owner.realEstateId);
    const old = await upload(TINY_MP4, 'video/mp4', page.id);
    const fresh = await upload(TINY_MP4, 'video/mp4', page.id);
    const linked = await c.post(`/v1/pages/${page.id}/videos/from-url`, {
      url: 'https://youtu.be/dQw4w9WgXcQ',
    });
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await ctx.database.db.update(videos).set({ createdAt: dayAgo }).where(eq(videos.id, old.video.id));
    await ctx.database.db
      .update(videos)
      .set({ createdAt: dayAgo })
      .where(eq(videos.id, linked.json().data.id));
    const [oldRow] = await ctx.database.db.select().from(videos).where(eq(videos.id, old.video.id));
    const oldFile = path.join(ctx.config.dataDir, 'uploads', oldRow!.storageKey!);
    expect(existsSync(oldFile)).toBe(true);

    expect(await cleanPendingUploads(ctx.app.deps)).toBe(1);
    const left = await ctx.database.db.select().from(videos).where(eq(videos.pageId, page.id));
    expect(left.map((v) => v.id).sort()).toEqual([fresh.video.id, linked.json().data.id].sort());
    expect(existsSync(oldFile)).toBe(false);
  });
});

describe('on the landing page', () => {
  it('every video behind a click-to-play facade with a lazy poster; no video, player or poster fetched up front', async () => {
    const page = await insertPage(ctx, owner.realEstateId);
    const { video, put } = await upload(TINY_MP4, 'video/mp4', page.id);
    expect(put.statusCode).toBe(204);
    await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    const uploaded = await waitFor(async () => {
      const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, video.id));
      return row?.status === 'ready' ? row : undefined;
    });
    const yt = await c.post(`/v1/pages/${page.id}/videos/from-url`, { url: 'https://youtu.be/dQw4w9WgXcQ' });
    const ytPoster = await waitFor(async () => {
      const [row] = await ctx.database.db.select().from(videos).where(eq(videos.id, yt.json().data.id));
      return row?.posterKey;
    });
    const pending = await c.post(`/v1/pages/${page.id}/videos/generate-upload-url`, {
      file_type: 'video/mp4',
    });
    expect(pending.statusCode).toBe(201);

    const res = await ctx.app.inject({ method: 'GET', url: `/imoveis/${page.slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    // The uploaded video: a facade holding the file's address; its poster (a <video poster> is fetched
    // during the load, on the way of the LCP) becomes a lazy <img> after the load event (VIDEO_SCRIPT).
    expect(body).not.toContain('<video');
    const file =
      /<button type="button" class="vf" data-src="([^"]+)" data-type="video\/mp4" data-poster="([^"]+)" aria-label="Assistir vídeo 1"><span><\/span><\/button>/.exec(
        body,
      );
    expect(file?.[1]).toMatch(/\/files\/videos\/.+\/original\.mp4$/);
    expect(file?.[2]).toBe(`${ctx.config.APP_URL}/files/${uploaded.posterKey}`);
    expect(body).not.toMatch(/<img[^>]+poster\.jpg/);
    expect(body).toContain(
      'data-embed="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;rel=0"',
    );
    // The YouTube facade's poster is our copy: no request to Google before play.
    expect(body).toContain(`data-poster="${ctx.config.APP_URL}/files/${ytPoster}"`);
    expect(body).not.toContain('ytimg');
    expect(body).not.toContain('<iframe');
    expect(body.match(/class="vf"/g)).toHaveLength(2); // the pending upload is not shown
    // The facades' script (browser/video-facades.ts, VIDEO_SCRIPT), which knows both kinds.
    expect(body).toMatch(
      /<script>[^<]*addEventListener\(["']load["'][^<]*data-src[^<]*data-embed[^<]*<\/script>/,
    );
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(csp).toContain("media-src 'self' https:");
  });
});
