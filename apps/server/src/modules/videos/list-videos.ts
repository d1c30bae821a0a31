/** The videos of an agency (optionally of one page), in page order then display order. */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { videos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { VideoRow } from './video-view.ts';

export async function listVideos(
  deps: Pick<Deps, 'db'>,
  input: { realEstateId: number; pageId?: number },
): Promise<VideoRow[]> {
  const where: SQL[] = [eq(videos.realEstateId, input.realEstateId)];
  if (input.pageId) where.push(eq(videos.pageId, input.pageId));
  return deps.db
    .select()
    .from(videos)
    .where(and(...where))
    .orderBy(asc(videos.pageId), asc(videos.sequence), asc(videos.createdAt));
}

export async function findVideo(deps: Pick<Deps, 'db'>, id: string): Promise<VideoRow | undefined> {
  const [row] = await deps.db.select().from(videos).where(eq(videos.id, id)).limit(1);
  return row;
}

export async function findVideos(deps: Pick<Deps, 'db'>, ids: string[]): Promise<VideoRow[]> {
  if (!ids.length) return [];
  return deps.db.select().from(videos).where(inArray(videos.id, ids));
}

/** What a landing page shows: the ready videos of a page, in display order. */
export async function listReadyPageVideos(deps: Pick<Deps, 'db'>, pageId: number): Promise<VideoRow[]> {
  return deps.db
    .select()
    .from(videos)
    .where(and(eq(videos.pageId, pageId), eq(videos.status, 'ready')))
    .orderBy(asc(videos.sequence), asc(videos.createdAt));
}
