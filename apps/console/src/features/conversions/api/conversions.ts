import type { UpdateConversionSettings } from '@vitrine/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** The Conversões screen's query keys, under the agency's key. */
export const conversionKeys = {
  settings: (realEstateId: number) => agencyKey(realEstateId, 'conversions', 'settings'),
  sends: (realEstateId: number) => agencyKey(realEstateId, 'conversions', 'sends'),
  lead: (leadId: string) => ['lead-conversions', leadId] as const,
};

export const conversionSettingsQuery = (realEstateId: number) =>
  queryOptions({
    queryKey: conversionKeys.settings(realEstateId),
    queryFn: async ({ signal }) =>
      (await call('getConversionSettings', { params: { id: realEstateId } }, { signal })).data,
  });
export const useConversionSettings = (realEstateId: number) =>
  useQuery(conversionSettingsQuery(realEstateId));

export function useUpdateConversionSettings(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateConversionSettings) =>
      call('updateConversionSettings', { params: { id: realEstateId }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(conversionKeys.settings(realEstateId), answer.data);
      void queryClient.invalidateQueries({ queryKey: conversionKeys.sends(realEstateId) });
    },
  });
}

export function useTestMeta(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call('testMetaConversions', { params: { id: realEstateId } })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversionKeys.settings(realEstateId) }),
  });
}

export function useTestGoogleAds(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call('testGoogleAdsConversions', { params: { id: realEstateId } })).data,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversionKeys.settings(realEstateId) }),
  });
}

export function useRotateGoogleFile(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call('rotateGoogleConversionsFile', { params: { id: realEstateId } }),
    onSuccess: (answer) => queryClient.setQueryData(conversionKeys.settings(realEstateId), answer.data),
  });
}

export const useConversionSends = (realEstateId: number) =>
  useQuery({
    queryKey: conversionKeys.sends(realEstateId),
    queryFn: async ({ signal }) =>
      (await call('listConversionSends', { params: { id: realEstateId } }, { signal })).data,
  });

export const useLeadConversions = (leadId: string) =>
  useQuery({
    queryKey: conversionKeys.lead(leadId),
    queryFn: async ({ signal }) =>
      (await call('getLeadConversions', { params: { id: leadId } }, { signal })).data,
  });
