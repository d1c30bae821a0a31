import type { User } from '@vitrine/contracts';
import { api } from '@/lib/api-client';

/** GET /v1/me → {user}. A 401 here is handled by refreshUser (session cleared), not by a redirect. */
export async function getMe(): Promise<{ user?: User | null } | null> {
  const response = await api.get<{ user?: User | null } | null>('/v1/me', { skipAuthRedirect: true });
  return response.data;
}
