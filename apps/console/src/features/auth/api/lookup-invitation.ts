import type { InvitationInfo } from '@vitrine/contracts';
import { api } from '@/lib/api-client';

/**
 * POST /v1/invitations/lookup {token}: who invited whom, before any session (sign-up by invitation
 * reads it here; the users feature's acceptance screen too, through this feature's index).
 */
export async function lookupInvitation(token: string): Promise<InvitationInfo> {
  const response = await api.post<{ data: InvitationInfo }>('/v1/invitations/lookup', { token });
  return response.data.data;
}
