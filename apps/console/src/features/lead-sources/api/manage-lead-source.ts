import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadSourceView } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';
import { leadSourcesQueryOptions } from './get-lead-sources';

type SecretChannel = 'grupo_zap';
export type SourceAction = 'connect' | 'rotate' | 'disconnect';

const ENDPOINT = {
  connect: 'connectLeadSource',
  rotate: 'rotateLeadSourceSecret',
  disconnect: 'disconnectLeadSource',
} as const;

/** POST connect / rotate-secret, DELETE disconnect → {data: the channel, message}. */
export async function manageLeadSource(
  realEstateId: number,
  channel: SecretChannel,
  action: SourceAction,
): Promise<{ data: LeadSourceView; message: string }> {
  return call(ENDPOINT[action], { params: { id: realEstateId, channel } });
}

export function useManageLeadSource(realEstateId: number, channel: SecretChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SourceAction) => manageLeadSource(realEstateId, channel, action),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(leadSourcesQueryOptions(realEstateId).queryKey, (all) =>
        all?.map((s) => (s.channel === data.channel ? data : s)),
      );
    },
  });
}

/** POST …/lead-sources/{channel}/test-lead: a test lead through the portal's path. */
export function useSendInboundTestLead(realEstateId: number, channel: SecretChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('sendInboundTestLead', { params: { id: realEstateId, channel } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'lead-sources') });
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'inbound-requests') });
    },
  });
}
