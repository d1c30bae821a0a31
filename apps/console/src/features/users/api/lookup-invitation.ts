import { call } from '@/lib/api-client';

/** POST /v1/invitations/lookup {token} → {data: InvitationInfo} */
export async function lookupInvitation(token: string) {
  return (await call('lookupInvitation', { body: { token } })).data;
}
