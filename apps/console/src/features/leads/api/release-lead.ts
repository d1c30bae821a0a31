import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ActionResult } from '../types';
import { leadsKeys } from './keys';

/** POST /v1/leads/{id}/release → {data: {id, deliveries}, message}; 409 when not quarantined. */
export async function releaseLead(leadId: string): Promise<ActionResult<{ id: string; deliveries: number }>> {
  const response = await api.post<ActionResult<{ id: string; deliveries: number }>>(
    `/v1/leads/${encodeURIComponent(leadId)}/release`,
  );
  return response.data;
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
