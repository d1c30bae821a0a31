import { call } from '@/lib/api-client';

/** GET /v1/me → {user}. A 401 here is handled by refreshUser (session cleared), not by a redirect. */
export function getMe() {
  return call('getMe', {}, { skipAuthRedirect: true });
}
