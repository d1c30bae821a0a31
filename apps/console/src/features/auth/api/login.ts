import type { LoginBody, User } from '@vitrine/contracts';
import { api } from '@/lib/api-client';

/** POST /v1/login → {user} (spec §7: "read from data.user"). */
export async function postLogin(body: LoginBody): Promise<{ user?: User | null } | null> {
  const response = await api.post<{ user?: User | null } | null>('/v1/login', body, {
    skipAuthRedirect: true,
  });
  return response.data;
}
