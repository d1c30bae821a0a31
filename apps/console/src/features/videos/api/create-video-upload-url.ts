import type { VideoFileType } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/** Step 1 of an upload: POST /v1/pages/{id}/videos/generate-upload-url {file_type} → {video, upload}. */
export async function generateUploadUrl(pageId: number, fileType: VideoFileType, sizeBytes: number) {
  const answer = await call('createVideoUploadUrl', {
    params: { id: pageId },
    body: { file_type: fileType, size_bytes: sizeBytes },
  });
  return answer.data;
}
