import type { RegisterBody, User } from '@vitrine/contracts';
import { api } from '@/lib/api-client';

/** POST /v1/register → 201 {user}; the new user is signed in. */
export async function postRegister(body: RegisterBody): Promise<{ user?: User | null } | null> {
  const response = await api.post<{ user?: User | null } | null>('/v1/register', body);
  return response.data;
}
