/**
 * Both storage drivers: the S3 driver against a real S3 server (s3rver) — objects, presigned PUTs,
 * expiry, the whole video flow of an app on S3 and the copy of files already on disk — and the local
 * driver's signed, expiring upload URLs.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Video } from '@vitrine/contracts';
import {
  PNG_1X1,
  TestClient,
  createOwner,
  createTestContext,
  multipart,
  waitFor,
  type TestContext,
} from '../../testing/test-app.ts';
import { TINY_MP4 } from '../videos/testing/fixtures.ts';
import type { JobDeps } from '../../jobs/define-job.ts';
import { uploadOrphanJob } from '../videos/index.ts';
import { copyLocalUploads } from './copy-local-uploads.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalStorage, UploadRefused } from './storage.ts';
import { startLocalS3, type LocalS3 } from './testing/local-s3.ts';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

const driver = () =>
  createS3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

describe('S3 driver (s3rver)', () => {
  it('puts, heads, reads the first bytes, serves by URL and deletes', async () => {
    const storage = driver();
    await storage.put('logos/1/a.png', PNG_1X1, 'image/png');
    expect(await storage.head('logos/1/a.png')).toEqual({ size: PNG_1X1.length });
    expect(await storage.readStart('logos/1/a.png', 4)).toEqual(PNG_1X1.subarray(0, 4));
    expect(storage.url('logos/1/a.png')).toBe(`${s3.endpoint}/${s3.bucket}/logos/1/a.png`);
    const served = await fetch(storage.url('logos/1/a.png'));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1);
    await storage.delete('logos/1/a.png');
    expect(await storage.head('logos/1/a.png')).toBeNull();
  });

  it('serves a document type (an SVG) as a download, an image inline', async () => {
    const storage = driver();
    await storage.put(
      'logos/1/a.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    await storage.put('logos/1/b.png', PNG_1X1, 'image/png');
    const svg = await fetch(storage.url('logos/1/a.svg'));
    expect(svg.headers.get('content-disposition')).toBe('attachment');
    const png = await fetch(storage.url('logos/1/b.png'));
    expect(png.headers.get('content-disposition')).toBeNull();
    await storage.delete('logos/1/a.svg');
    await storage.delete('logos/1/b.png');
  });

  it('a presigned PUT takes the file from the browser side; an expired one is refused', async () => {
    const storage = driver();
    const ticket = await storage.createUploadUrl('videos/1/x/original.mp4', {
      contentType: 'video/mp4',
      maxBytes: 1_000_000,
      expiresInSeconds: 60,
    });
    expect(ticket.url).toContain('X-Amz-Signature=');
    const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: TINY_MP4 });
    expect(put.status).toBe(200);
    expect(await storage.head('videos/1/x/original.mp4')).toEqual({ size: TINY_MP4.length });

    const expired = await storage.createUploadUrl('videos/1/y/original.mp4', {
      contentType: 'video/mp4',
      maxBytes: 1_000_000,
      expiresInSeconds: 1,
    });
    // Presigned "now" one minute ago: the signature's date plus 1 s is in the past.
    const url = new URL(expired.url);
    const past = new Date(Date.now() - 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    url.searchParams.set('X-Amz-Date', past);
    const late = await fetch(url, { method: 'PUT', headers: expired.headers, body: TINY_MP4 });
    expect(late.status).toBe(403);
    expect(await storage.head('videos/1/y/original.mp4')).toBeNull();
  });

  it('a presigned PUT with a declared size signs it: a body of another length is refused', async () => {
    const storage = driver();
    const ticket = await storage.createUploadUrl('videos/1/z/original.mp4', {
      contentType: 'video/mp4',
      maxBytes: TINY_MP4.length,
      exactBytes: TINY_MP4.length,
      expiresInSeconds: 60,
    });
    // s3rver does not check signatures' content (testing/local-s3.ts); S3 does: the length is one of the
    // signed headers, and another declared size signs differently.
    const signed = new URL(ticket.url).searchParams;
    expect(signed.get('X-Amz-SignedHeaders')!.split(';')).toContain('content-length');
    const other = await storage.createUploadUrl('videos/1/z/original.mp4', {
      contentType: 'video/mp4',
      maxBytes: TINY_MP4.length + 1,
      exactBytes: TINY_MP4.length + 1,
      expiresInSeconds: 60,
    });
    const otherSigned = new URL(other.url).searchParams;
    if (otherSigned.get('X-Amz-Date') === signed.get('X-Amz-Date'))
      expect(otherSigned.get('X-Amz-Signature')).not.toBe(signed.get('X-Amz-Signature'));
    const unsized = await storage.createUploadUrl('videos/1/z/original.mp4', {
      contentType: 'video/mp4',
      maxBytes: TINY_MP4.length,
      expiresInSeconds: 60,
    });
    expect(new URL(unsized.url).searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    const exact = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: TINY_MP4 });
    expect(exact.status).toBe(200);
    expect(await storage.head('videos/1/z/original.mp4')).toEqual({ size: TINY_MP4.length });
  });

  it('copies the files already on disk under the same keys, once', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-copy-'));
    try {
      const local = createLocalStorage({ dataDir: dir, publicBaseUrl: 'http://localhost:3000' });
      await local.put('pages/7/p1.png', PNG_1X1, 'image/png');
      await local.put('logos/7/logo.png', PNG_1X1, 'image/png');
      const storage = driver();
      expect(await copyLocalUploads(storage, local.root)).toEqual({ copied: 2, skipped: 0 });
      expect(await storage.head('pages/7/p1.png')).toEqual({ size: PNG_1X1.length });
      expect(await copyLocalUploads(storage, local.root)).toEqual({ copied: 0, skipped: 2 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an app on STORAGE_DRIVER=s3', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, s3.env);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('uploads a video straight to the bucket, checks it there, and stores the poster there', async () => {
    expect(ctx.app.storage.driver).toBe('s3');
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const page = (
      await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, { page: { title: 'Casa' } })
    ).json().data;
    const res = await c.post(`/v1/pages/${page.id}/videos/generate-upload-url`, { file_type: 'video/mp4' });
    expect(res.statusCode, res.body).toBe(201);
    const { video, upload } = res.json().data;
    expect(upload.url.startsWith(`${s3.endpoint}/${s3.bucket}/videos/`)).toBe(true);
    // Not through the API: straight to the S3 server over HTTP.
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: TINY_MP4 });
    expect(put.status).toBe(200);
    const done = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
    expect(done.statusCode, done.body).toBe(200);
    const ready = await waitFor(async () => {
      const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos`)).json().data as Video[];
      return list.find((v) => v.id === video.id && v.status === 'ready');
    });
    expect(ready.url).toBe(
      `${s3.endpoint}/${s3.bucket}/videos/${owner.realEstateId}/${video.id}/original.mp4`,
    );
    const poster = await fetch(ready.poster_url!);
    expect(poster.status).toBe(200);
    expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The console's CSP lets the browser reach the bucket.
    const shell = await ctx.app.inject({ method: 'GET', url: '/v1/me' });
    expect(shell.headers['content-security-policy']).toContain(`connect-src 'self' ${s3.endpoint}`);

    expect((await c.delete(`/v1/videos/${video.id}`)).statusCode).toBe(204);
    expect((await fetch(ready.url!)).status).toBe(404);
    expect((await fetch(ready.poster_url!)).status).toBe(404);
  });

  it('an old presigned PUT, after upload-finished or delete, writes to a key nobody reads, swept once it expires', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const page = (
      await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, { page: { title: 'Casa' } })
    ).json().data;
    const start = async () => {
      const res = await c.post(`/v1/pages/${page.id}/videos/generate-upload-url`, {
        file_type: 'video/mp4',
        size_bytes: TINY_MP4.length,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { video: Video; upload: { url: string; headers: Record<string, string> } };
    };
    const putWith = (upload: { url: string; headers: Record<string, string> }, body: Buffer) =>
      fetch(upload.url, { method: 'PUT', headers: upload.headers, body });
    const sweeps = () =>
      ctx.database.query<{ key: string; start_after: Date }>(
        `select data->>'key' as key, start_after from pgboss.job where name = 'video-upload-orphan'`,
      );

    const { video, upload } = await start();
    expect((await putWith(upload, TINY_MP4)).status).toBe(200);
    expect((await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`)).statusCode).toBe(200);
    const finalKey = `videos/${owner.realEstateId}/${video.id}/original.mp4`;
    const attempt = decodeURIComponent(new URL(upload.url).pathname).replace(`/${s3.bucket}/`, '');
    expect(attempt).not.toBe(finalKey);
    expect(await ctx.app.storage.head(attempt)).toBeNull();
    // The same URL again (a replay, within its TTL, same size): S3 takes it, but not where the video is.
    const replay = Buffer.from(TINY_MP4);
    replay.write('<html>', 64);
    expect((await putWith(upload, replay)).status).toBe(200);
    expect(await ctx.app.storage.readStart(finalKey, TINY_MP4.length)).toEqual(TINY_MP4);
    const ready = await waitFor(async () => {
      const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos`)).json().data as Video[];
      return list.find((v) => v.id === video.id && v.status === 'ready');
    });
    expect(ready.url).toBe(`${s3.endpoint}/${s3.bucket}/${finalKey}`);

    // Deleted while pending: its URL's late PUT is an orphan too.
    const gone = await start();
    expect((await c.delete(`/v1/videos/${gone.video.id}`)).statusCode).toBe(204);
    expect((await putWith(gone.upload, TINY_MP4)).status).toBe(200);
    const goneKey = decodeURIComponent(new URL(gone.upload.url).pathname).replace(`/${s3.bucket}/`, '');
    expect(await ctx.app.storage.head(goneKey)).not.toBeNull();

    // Both keys are swept once their URLs expire (not before: a PUT may still arrive).
    const queued = (await sweeps()).filter((j) => j.key === attempt || j.key === goneKey);
    expect(queued.map((j) => j.key).sort()).toEqual([attempt, goneKey].sort());
    for (const j of queued)
      expect(new Date(j.start_after).getTime()).toBeGreaterThan(
        Date.now() + ctx.config.VIDEO_UPLOAD_URL_TTL_SECONDS * 1000,
      );
    for (const j of queued) await uploadOrphanJob.handle({ key: j.key }, ctx.app.deps as JobDeps);
    expect(await ctx.app.storage.head(attempt)).toBeNull();
    expect(await ctx.app.storage.head(goneKey)).toBeNull();
    expect(await ctx.app.storage.head(finalKey)).toEqual({ size: TINY_MP4.length });
  });

  it('a large file goes in parts (presigned UploadPart URLs), completed by upload-finished; delete aborts one open', async () => {
    const PART = 5 * 1024 * 1024;
    const app = await createTestContext({}, { ...s3.env, VIDEO_UPLOAD_PART_BYTES: String(PART) });
    try {
      const owner = await createOwner(app);
      const c = new TestClient(app.app);
      await c.login(owner.email);
      const page = (
        await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, { page: { title: 'Casa grande' } })
      ).json().data;
      // The tiny MP4 followed by a `free` box: a valid MP4 of 11 MiB, three parts.
      const size = 11 * 1024 * 1024;
      const free = Buffer.alloc(size - TINY_MP4.length);
      free.writeUInt32BE(free.length, 0);
      free.write('free', 4, 'latin1');
      const file = Buffer.concat([TINY_MP4, free]);
      const res = await c.post(`/v1/pages/${page.id}/videos/generate-upload-url`, {
        file_type: 'video/mp4',
        size_bytes: size,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { video, upload } = res.json().data as {
        video: Video;
        upload: { url: string; part_size: number; parts: { number: number; url: string }[] };
      };
      expect(upload.part_size).toBe(PART);
      expect(upload.parts.map((p) => p.number)).toEqual([1, 2, 3]);
      expect(upload.url).toBe(upload.parts[0]!.url);
      for (const p of upload.parts)
        expect(new URL(p.url).searchParams.get('partNumber')).toBe(String(p.number));

      // Finishing without the parts' ETags is a 422 naming the field; nothing is lost.
      const early = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`);
      expect(early.statusCode).toBe(422);
      expect(early.json().errors.parts).toBeDefined();

      const parts = [];
      for (const p of upload.parts) {
        const body = file.subarray((p.number - 1) * PART, p.number * PART);
        const put = await fetch(p.url, { method: 'PUT', body });
        expect(put.status).toBe(200);
        parts.push({ number: p.number, etag: put.headers.get('etag')! });
      }
      const done = await c.request('PATCH', `/v1/videos/${video.id}/upload-finished`, { body: { parts } });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ status: 'processing', size_bytes: size });
      await waitFor(async () => {
        const list = (await c.get(`/v1/real-estates/${owner.realEstateId}/videos`)).json().data as Video[];
        return list.find((v) => v.id === video.id && v.status === 'ready');
      });
      const stored = await fetch(
        `${s3.endpoint}/${s3.bucket}/videos/${owner.realEstateId}/${video.id}/original.mp4`,
      );
      expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);

      // Cancelled midway: deleting the pending video aborts the multipart upload.
      const abort = vi.spyOn(app.app.storage.multipart!, 'abort');
      const second = await c.post(`/v1/pages/${page.id}/videos/generate-upload-url`, {
        file_type: 'video/mp4',
        size_bytes: size,
      });
      const other = second.json().data as { video: Video; upload: { parts: { url: string }[] } };
      const first = await fetch(other.upload.parts[0]!.url, { method: 'PUT', body: file.subarray(0, PART) });
      expect(first.status).toBe(200);
      expect((await c.delete(`/v1/videos/${other.video.id}`)).statusCode).toBe(204);
      const key = `videos/${owner.realEstateId}/${other.video.id}/original.mp4`;
      const uploadId = new URL(other.upload.parts[0]!.url).searchParams.get('uploadId');
      // s3rver has no AbortMultipartUpload (it answers 405): the request is checked, not its effect.
      expect(abort).toHaveBeenCalledWith(key, uploadId);
    } finally {
      await app.close();
    }
  });

  it('a logo upload lands in the bucket too', async () => {
    const owner = await createOwner(ctx);
    const c = new TestClient(ctx.app);
    await c.login(owner.email);
    const form = multipart({ _method: 'PUT', name: 'Imobiliária no S3' }, [
      { name: 'logo', filename: 'l.png', type: 'image/png', content: PNG_1X1 },
    ]);
    const res = await c.post(`/v1/real-estates/${owner.realEstateId}`, form.body, form.headers);
    expect(res.statusCode, res.body).toBe(200);
    const logo = res.json().data.logo_url as string;
    expect(logo.startsWith(`${s3.endpoint}/${s3.bucket}/logos/`)).toBe(true);
    expect((await fetch(logo)).status).toBe(200);
  });
});

describe('local driver: signed, expiring upload URLs', () => {
  it('accepts the signed URL until it expires, then refuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vitrine-local-'));
    let now = Date.now();
    try {
      const storage = createLocalStorage({
        dataDir: dir,
        publicBaseUrl: 'http://localhost:3000',
        secret: Buffer.alloc(32, 7),
        now: () => now,
      });
      const ticket = await storage.createUploadUrl('videos/1/v/original.mp4', {
        contentType: 'video/mp4',
        maxBytes: 10_000,
        expiresInSeconds: 600,
      });
      expect(ticket.expiresAt.getTime()).toBe(Math.floor(now / 1000) * 1000 + 600_000);
      const query = Object.fromEntries(new URL(ticket.url).searchParams);
      const key = new URL(ticket.url).pathname.replace(/^\/uploads\//, '');
      expect(await storage.receiveUpload(key, query, 'video/mp4', Readable.from([TINY_MP4]))).toEqual({
        size: TINY_MP4.length,
      });
      expect(await readFile(path.join(storage.root, key))).toEqual(TINY_MP4);

      now += 601_000;
      const late = storage.receiveUpload(key, query, 'video/mp4', Readable.from([TINY_MP4]));
      await expect(late).rejects.toBeInstanceOf(UploadRefused);
      await expect(late).rejects.toMatchObject({
        statusCode: 403,
        message: 'O endereço de envio expirou. Envie o arquivo de novo.',
      });
      // Another key with the same signature: refused.
      const other = storage.receiveUpload(
        'videos/1/w/original.mp4',
        query,
        'video/mp4',
        Readable.from([TINY_MP4]),
      );
      await expect(other).rejects.toMatchObject({ statusCode: 403, message: 'Endereço de envio inválido.' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
