import type { User } from '@vitrine/contracts';
import { api } from '@/lib/api-client';

/** POST /v1/demo/login → {user}: a session as the demo user (404 when the demo is off). */
export async function postDemoLogin(): Promise<{ user?: User | null } | null> {
  const response = await api.post<{ user?: User | null } | null>('/v1/demo/login', undefined, {
    skipAuthRedirect: true,
  });
  return response.data;
}
