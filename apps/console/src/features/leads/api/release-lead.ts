import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { LeadReleaseResult } from '@vitrine/contracts';
import { leadsKeys } from './keys';

/** POST /v1/leads/{id}/release → {data: {id, deliveries}, message}; 409 when not quarantined. */
export async function releaseLead(leadId: string): Promise<LeadReleaseResult> {
  return call('releaseLead', { params: { id: leadId } });
}

export function useReleaseLead(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: releaseLead,
    onSettled: () => {
      // The lead leaves the quarantine list, joins the normal one and gets deliveries.
      void queryClient.invalidateQueries({ queryKey: leadsKeys.leads(realEstateId) });
      void queryClient.invalidateQueries({ queryKey: leadsKeys.deliveries(realEstateId) });
    },
  });
}
