import { call } from '@/lib/api-client';

/** POST /v1/pages/{id}/videos/from-url {url} → {data: Video}. */
export async function addVideoFromUrl(pageId: number, url: string) {
  const answer = await call('addVideoFromUrl', { params: { id: pageId }, body: { url } });
  return answer.data;
}
