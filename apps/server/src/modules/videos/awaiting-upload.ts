/**
 * Whether a storage key is the file of a video still waiting for it
 * (docs/decisions/018-accounts-and-abuse.md): the local driver's signed upload URL is accepted only then.
 * After upload-finished (the file was checked) or once the video is deleted, the same URL would replace a
 * checked video with anything, or leave an orphan file.
 */
import { and, eq } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';

const UPLOAD_KEY =
  /^videos\/\d+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/original\.\w+$/;

export async function isAwaitingUpload(deps: Pick<Deps, 'db'>, key: string): Promise<boolean> {
  const id = UPLOAD_KEY.exec(key)?.[1];
  if (!id) return false;
  const [row] = await deps.db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.storageKey, key), eq(videos.status, 'pending_upload')));
  return !!row;
}
