import { call } from '@/lib/api-client';

/** POST /v1/logout. The local session is already gone when this runs. */
export async function postLogout(): Promise<void> {
  await call('logout', {}, { skipAuthRedirect: true });
}
