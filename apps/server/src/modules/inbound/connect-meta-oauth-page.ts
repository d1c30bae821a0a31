/**
 * The page an owner or admin chose after "Conectar com Facebook"
 * (docs/decisions/020-meta-lead-ads.md#amended-2026-11-28-conectar-com-facebook): its token, kept sealed
 * since the callback, is connected exactly as a pasted one (connectMetaLeadAds: checked, the app installed
 * on the page, waiting leads replayed), and the grant with every token of the user's other pages is
 * forgotten.
 */
import type { Deps } from '../../deps.ts';
import { connectMetaLeadAds } from './meta-lead-ads.ts';
import { discardMetaOAuth, grantPageToken } from './meta-oauth-grants.ts';

export async function connectMetaOAuthPage(
  deps: Pick<Deps, 'db' | 'config' | 'queue' | 'log'>,
  realEstateId: number,
  userId: number,
  pageId: string,
): Promise<void> {
  const token = await grantPageToken(deps, realEstateId, userId, pageId);
  await connectMetaLeadAds(deps, realEstateId, userId, { pageId, token });
  await discardMetaOAuth(deps, realEstateId, userId);
}
