import { call } from '@/lib/api-client';

/** POST /v1/invitations/accept {token} → {user} */
export async function acceptInvitation(token: string) {
  return (await call('acceptInvitation', { body: { token } })).user;
}
