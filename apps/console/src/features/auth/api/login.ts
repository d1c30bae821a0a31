import type { LoginBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/** POST /v1/login → {user} (the user is read from data.user; docs/product.md#session). */
export function postLogin(body: LoginBody) {
  return call('login', { body }, { skipAuthRedirect: true });
}
