import type { RegisterBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';

/** POST /v1/register → 201 {user}; the new user is signed in. */
export function postRegister(body: RegisterBody) {
  return call('register', { body });
}
