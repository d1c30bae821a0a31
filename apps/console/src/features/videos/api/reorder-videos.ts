import { call } from '@/lib/api-client';

/** PATCH /v1/videos/change-sequence {videos: [{id, sequence}]} → {data: Video[]}. */
export async function changeVideoSequence(ids: string[]) {
  const answer = await call('reorderVideos', {
    body: { videos: ids.map((id, sequence) => ({ id, sequence })) },
  });
  return answer.data;
}
