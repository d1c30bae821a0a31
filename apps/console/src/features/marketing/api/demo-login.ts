import { call } from '@/lib/api-client';

/** POST /v1/demo/login → {user}: a session as the demo user (404 when the demo is off). */
export function postDemoLogin() {
  return call('demoLogin', {}, { skipAuthRedirect: true });
}
