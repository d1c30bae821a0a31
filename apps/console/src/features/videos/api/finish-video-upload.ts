import { call } from '@/lib/api-client';
import type { UploadedParts } from './put-to-storage';

/** Step 3: PATCH /v1/videos/{id}/upload-finished ({parts} after a multipart upload) → {data: Video}. */
export async function markUploadFinished(videoId: string, parts?: UploadedParts) {
  const answer = await call('finishVideoUpload', {
    params: { id: videoId },
    body: parts ? { parts } : undefined,
  });
  return answer.data;
}
