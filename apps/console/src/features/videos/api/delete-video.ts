import { call } from '@/lib/api-client';

/** DELETE /v1/videos/{id} → 204. */
export async function deleteVideo(videoId: string) {
  await call('deleteVideo', { params: { id: videoId } });
}
