import { call } from '@/lib/api-client';

/**
 * POST /v1/invitations/lookup {token}: who invited whom, before any session (sign-up by invitation
 * reads it here; the users feature's acceptance screen too, through this feature's index).
 */
export async function lookupInvitation(token: string) {
  return (await call('lookupInvitation', { body: { token } })).data;
}
