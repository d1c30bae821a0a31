import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page } from '@vitrine/contracts';
import { pages } from '../../db/schema.ts';
import {
  PNG_1X1,
  TestClient,
  addMember,
  createOwner,
  createTestContext,
  multipart,
  type TestContext,
} from '../../testing/test-app.ts';
import { photoFixture } from './testing/image-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function pageOfAgent() {
  const owner = await createOwner(ctx, 'Fotos');
  const agent = await addMember(ctx, owner.realEstateId, 'agent');
  const c = new TestClient(ctx.app);
  await c.login(agent.email);
  const res = await c.post(`/v1/real-estates/${owner.realEstateId}/pages`, {
    page: { title: 'Casa com fotos' },
  });
  return { c, page: res.json().data as Page, realEstateId: owner.realEstateId };
}

function uploadPhoto(
  c: TestClient,
  pageId: number,
  content: Buffer,
  fields: Record<string, string> = {},
  name = 'photo',
) {
  const form = multipart(fields, [{ name, filename: 'foto.bin', type: 'image/jpeg', content }]);
  return c.post(`/v1/pages/${pageId}/photos`, form.body, form.headers);
}

const fileOf = (url: string) =>
  path.join(ctx.config.dataDir, 'uploads', new URL(url).pathname.replace(/^\/files\//, ''));

describe('POST /v1/pages/{id}/photos', () => {
  it('stores PNG, JPEG and WebP with their size, appends them in order and serves them back', async () => {
    const { c, page } = await pageOfAgent();
    const png = await uploadPhoto(c, page.id, PNG_1X1, { alt: 'Fachada' });
    expect(png.statusCode, png.body).toBe(201);
    const afterPng = png.json().data as Page;
    expect(afterPng.photos).toEqual([
      {
        id: expect.any(String),
        url: expect.stringMatching(
          new RegExp(`^http://localhost:3000/files/pages/${page.id}/[\\w-]+\\.png$`),
        ),
        width: 1,
        height: 1,
        alt: 'Fachada',
        variants: [{ width: 1, height: 1, url: expect.stringMatching(/-1\.webp$/) }],
      },
    ]);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(afterPng.photos[0]!.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);

    // A camera JPEG stored 640×480 and turned by its EXIF orientation is displayed 480×640.
    const jpeg = (await uploadPhoto(c, page.id, await photoFixture('jpeg', 640, 480, 6))).json().data as Page;
    const webp = (await uploadPhoto(c, page.id, await photoFixture('webp', 720, 405))).json().data as Page;
    expect(webp.photos.map((p) => [p.width, p.height, p.alt, p.url.split('.').pop()])).toEqual([
      [1, 1, 'Fachada', 'png'],
      [480, 640, null, 'jpg'],
      [720, 405, null, 'webp'],
    ]);
    expect(webp.photos[1]!.variants!.map((v) => [v.width, v.height])).toEqual([[480, 640]]);
    expect(jpeg.photos).toHaveLength(2);
  });

  it('refuses what is not a JPEG, PNG or WebP, a wrong field, no file, JSON, broken multipart and > 10 MB', async () => {
    const { c, page } = await pageOfAgent();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
    for (const content of [Buffer.from('não sou uma imagem'), svg, Buffer.from('GIF89a....')]) {
      const res = await uploadPhoto(c, page.id, content);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.photo).toEqual(['A foto deve ser uma imagem JPEG, PNG ou WebP.']);
    }
    const wrong = await uploadPhoto(c, page.id, PNG_1X1, {}, 'logo');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.logo).toBeDefined();
    const none = multipart({ alt: 'sem foto' });
    const noFile = await c.post(`/v1/pages/${page.id}/photos`, none.body, none.headers);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().errors.photo).toEqual(['Envie a foto no campo photo.']);
    expect((await c.post(`/v1/pages/${page.id}/photos`, { photo: 'base64...' })).statusCode).toBe(422);
    const form = multipart({}, [{ name: 'photo', filename: 'a.png', type: 'image/png', content: PNG_1X1 }]);
    const broken = await c.post(
      `/v1/pages/${page.id}/photos`,
      form.body.subarray(0, form.body.length - 30),
      form.headers,
    );
    expect(broken.statusCode).toBe(400);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await uploadPhoto(c, page.id, big);
    expect(tooBig.statusCode).toBe(413);
    const longAlt = await uploadPhoto(c, page.id, PNG_1X1, { alt: 'x'.repeat(201) });
    expect(longAlt.statusCode).toBe(422);
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.photos).toEqual([]);
  });

  it('refuses a file that only starts like a JPEG: the photo must decode', async () => {
    const { c, page } = await pageOfAgent();
    const camera = await photoFixture('jpeg', 640, 480);
    for (const content of [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      camera.subarray(0, Math.floor(camera.length / 2)),
    ]) {
      const res = await uploadPhoto(c, page.id, content);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.photo).toEqual([
        'Não foi possível ler esta foto: o arquivo está corrompido ou não é uma imagem JPEG, PNG ou WebP válida.',
      ]);
    }
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.photos).toEqual([]);
  });

  it('stops at 40 photos', async () => {
    const { c, page } = await pageOfAgent();
    const photos = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      url: `https://img.exemplo.com/${i}.jpg`,
      key: null,
      width: null,
      height: null,
      alt: null,
    }));
    await ctx.database.db.update(pages).set({ photos }).where(eq(pages.id, page.id));
    const res = await uploadPhoto(c, page.id, PNG_1X1);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.photo[0]).toMatch(/40 fotos/);
  });

  it('keeps every photo of concurrent uploads', async () => {
    const { c, page } = await pageOfAgent();
    const results = await Promise.all(Array.from({ length: 5 }, () => uploadPhoto(c, page.id, PNG_1X1)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect((await c.get(`/v1/pages/${page.id}`)).json().data.photos).toHaveLength(5);
  });
});

describe('PUT /v1/pages/{id}/photos and DELETE /v1/pages/{id}/photos/{photoId}', () => {
  it('reorders (the first is the cover) and edits alternative texts', async () => {
    const { c, page } = await pageOfAgent();
    for (let i = 0; i < 3; i++) await uploadPhoto(c, page.id, PNG_1X1);
    const ids = ((await c.get(`/v1/pages/${page.id}`)).json().data as Page).photos.map((p) => p.id);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const res = await c.put(`/v1/pages/${page.id}/photos`, { order, alt: { [ids[2]!]: 'Piscina' } });
    expect(res.statusCode, res.body).toBe(200);
    const photos = (res.json().data as Page).photos;
    expect(photos.map((p) => p.id)).toEqual(order);
    expect(photos[0]!.alt).toBe('Piscina');

    for (const body of [
      { order: ids.slice(0, 2) },
      { order: [...ids, ids[0]!] },
      { order: [ids[0]!, ids[1]!, 'outra'] },
      { order: 'x' },
      {},
      { order: ids, alt: { nao: 'existe' } },
    ]) {
      const bad = await c.put(`/v1/pages/${page.id}/photos`, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(((await c.get(`/v1/pages/${page.id}`)).json().data as Page).photos.map((p) => p.id)).toEqual(
      order,
    );
  });

  it('deletes a photo and its file; 404 for an unknown photo', async () => {
    const { c, page } = await pageOfAgent();
    await uploadPhoto(c, page.id, PNG_1X1);
    const [photo] = ((await uploadPhoto(c, page.id, PNG_1X1)).json().data as Page).photos;
    expect(existsSync(fileOf(photo!.url))).toBe(true);
    const res = await c.delete(`/v1/pages/${page.id}/photos/${photo!.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Page).photos).toHaveLength(1);
    expect(existsSync(fileOf(photo!.url))).toBe(false);
    const again = await c.delete(`/v1/pages/${page.id}/photos/${photo!.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Foto não encontrada.');
  });

  it('removes the stored files when the page is deleted, alone or in a batch', async () => {
    const { c, page, realEstateId } = await pageOfAgent();
    const one = ((await uploadPhoto(c, page.id, PNG_1X1)).json().data as Page).photos[0]!;
    expect((await c.delete(`/v1/pages/${page.id}`)).statusCode).toBe(204);
    expect(existsSync(fileOf(one.url))).toBe(false);

    const second = (
      await c.post(`/v1/real-estates/${realEstateId}/pages`, { page: { title: 'Outra com fotos' } })
    ).json().data as Page;
    const two = ((await uploadPhoto(c, second.id, PNG_1X1)).json().data as Page).photos[0]!;
    expect((await c.delete('/v1/pages/many', { ids: [second.id] })).json().data.deleted).toBe(1);
    expect(existsSync(fileOf(two.url))).toBe(false);
  });

  it("answers 404 for another agency's page", async () => {
    const { page } = await pageOfAgent();
    const stranger = await createOwner(ctx, 'Estranha');
    const c = new TestClient(ctx.app);
    await c.login(stranger.email);
    const res = await uploadPhoto(c, page.id, PNG_1X1);
    expect(res.statusCode).toBe(404);
  });
});
