/**
 * A signed single-PUT URL to S3 works until it expires, whatever became of its video
 * (docs/decisions/018-accounts-and-abuse.md): each attempt writes to a key of its own, which the video
 * leaves once the file is checked (copied to its final key) or deleted. A PUT arriving afterwards with the
 * old URL lands on that key, which nobody reads; this job, run once the URL has expired, deletes whatever
 * is there unless a video still points at it.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { videos } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import type { Tx } from '../../../db/client.ts';
import { defineJob } from '../../../jobs/define-job.ts';

export const uploadOrphanJob = defineJob({
  name: 'video-upload-orphan', // the pg-boss queue: never renamed once jobs may be waiting
  payload: z.object({ key: z.string().regex(/^videos\/\d+\/[\w-]+\/upload-[\w-]+\.\w+$/) }),
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  concurrency: { batchSize: 5 },
  async handle({ key }, deps) {
    await deleteUploadOrphan(deps, key);
  },
});

export async function deleteUploadOrphan(deps: Pick<Deps, 'db' | 'storage'>, key: string): Promise<void> {
  const [used] = await deps.db.select({ id: videos.id }).from(videos).where(eq(videos.storageKey, key));
  if (!used) await deps.storage.delete(key);
}

/** After the attempt's URL expires (and a minute for a PUT still arriving), its key is swept. */
export async function sweepAttemptKeyLater(
  deps: Pick<Deps, 'queue' | 'config'>,
  tx: Tx,
  keys: (string | null)[],
): Promise<void> {
  const startAfter = new Date(Date.now() + (deps.config.VIDEO_UPLOAD_URL_TTL_SECONDS + 60) * 1000);
  for (const key of keys)
    if (key && isAttemptKey(key)) await deps.queue.enqueue(tx, uploadOrphanJob, { key }, { startAfter });
}

export const isAttemptKey = (key: string) => /\/upload-[\w-]+\.\w+$/.test(key);
