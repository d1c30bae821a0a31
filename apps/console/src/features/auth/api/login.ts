import type { LoginBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/** POST /v1/login → {user} (spec §7: "read from data.user"). */
export function postLogin(body: LoginBody) {
  return call('login', { body }, { skipAuthRedirect: true });
}
