/**
 * The demo listings' photos, rendered once per distinct scene: a cover of its own for every listing
 * and the inside shots from a small pool (the same kitchen may show in two listings far apart in the
 * list). Each is a JPEG, as an agency would upload it, with the WebP copies the upload pipeline makes.
 *
 * sharp works off the main thread, on libvips threads: server.ts starts this with the demo seed, after
 * the server answers (drawn while the database opened, it slowed the first start on two cores).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { processPhoto, type PhotoVariant } from '../pages/index.ts';
import { DEMO_LISTINGS } from './demo-listings.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH, renderDemoPhoto, type SceneKind, type SceneSpec } from './demo-photos.ts';

export interface DemoPhoto {
  jpeg: Buffer;
  width: number;
  height: number;
  variants: PhotoVariant[];
}
/** Scene id → picture. */
export type DemoPhotoSet = Map<string, DemoPhoto>;

/** How many different inside shots of each kind the listings share. */
const POOL: Partial<Record<SceneKind, number>> = { living: 3, kitchen: 3, bedroom: 3, pool: 2 };

/** The scene id of a listing's photo: covers are unique, the rest come from the pool. */
export function demoSceneId(listingIndex: number, photoIndex: number): string {
  const kind = DEMO_LISTINGS[listingIndex]!.photos[photoIndex]!.scene;
  if (photoIndex === 0) return `cover-${listingIndex}`;
  return `${kind}-${(listingIndex + photoIndex) % (POOL[kind] ?? 1)}`;
}

function sceneSpecs(): Map<string, SceneSpec> {
  const specs = new Map<string, SceneSpec>();
  DEMO_LISTINGS.forEach((listing, i) =>
    listing.photos.forEach((photo, j) => {
      const id = demoSceneId(i, j);
      if (!specs.has(id))
        specs.set(id, { kind: photo.scene, seed: j === 0 ? i + 1 : 100 + Number(id.split('-').pop()) });
    }),
  );
  return specs;
}

/** libwebp effort for the demo copies: 4× faster than the upload default, a few % larger. */
const DEMO_WEBP_EFFORT = 1;

export async function prepareDemoPhotos(): Promise<DemoPhotoSet> {
  const entries = await Promise.all(
    [...sceneSpecs()].map(async ([id, spec]) => {
      const jpeg = await renderDemoPhoto(spec);
      const { variants } = await processPhoto(jpeg, { effort: DEMO_WEBP_EFFORT });
      return [id, { jpeg, width: PHOTO_WIDTH, height: PHOTO_HEIGHT, variants }] as const;
    }),
  );
  return new Map(entries);
}

/**
 * A first start on the embedded database (no pgdata yet) will seed the demo: worth drawing the
 * photos while the database opens. Elsewhere seedDemo draws them only if it seeds.
 */
export function demoPhotosWorthPreparing(config: AppConfig): boolean {
  return config.SEED_DEMO && !config.DATABASE_URL && !existsSync(path.join(config.dataDir, 'pgdata'));
}
