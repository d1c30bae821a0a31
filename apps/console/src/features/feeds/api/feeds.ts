import type {
  FeedChannel,
  UpdateFeedChannelInput,
  UpdateManyPageChannelsInput,
  UpdatePageChannelsInput,
} from '@vitrine/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';
import { feedKeys } from './keys';

/** GET /v1/real-estates/{id}/feeds: each channel's address, counts, highlights, last read, problems. */
export const feedsOverviewQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: feedKeys.overview(realEstateId),
    queryFn: async ({ signal }) =>
      (await call('getFeedsOverview', { params: { id: realEstateId } }, { signal })).data,
  });

export const useFeedsOverview = (realEstateId: number) => useQuery(feedsOverviewQueryOptions(realEstateId));

export function useRotateFeedToken(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (channel: FeedChannel) =>
      call('rotateFeedToken', { params: { id: realEstateId, channel } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedKeys.all(realEstateId) }),
  });
}

export function useUpdateFeedChannel(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { channel: FeedChannel; body: UpdateFeedChannelInput }) =>
      call('updateFeedChannel', { params: { id: realEstateId, channel: input.channel }, body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedKeys.all(realEstateId) }),
  });
}

export function useGenerateListingCodes(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call('generateListingCodes', { params: { id: realEstateId }, body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId) }),
  });
}

/** GET /v1/pages/{id}/channels: the page's setting per channel, and what each would refuse. */
export const pageChannelsQueryOptions = (realEstateId: number, pageId: number, version?: string) =>
  queryOptions({
    queryKey: feedKeys.page(realEstateId, pageId, version),
    queryFn: async ({ signal }) =>
      (await call('getPageChannels', { params: { id: pageId } }, { signal })).data,
  });

export const usePageChannels = (realEstateId: number, pageId: number, version?: string) =>
  useQuery(pageChannelsQueryOptions(realEstateId, pageId, version));

export function useUpdatePageChannels(realEstateId: number, pageId: number, version?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePageChannelsInput) =>
      (await call('updatePageChannels', { params: { id: pageId }, body })).data,
    onSuccess: (data) => {
      queryClient.setQueryData(feedKeys.page(realEstateId, pageId, version), data);
      void queryClient.invalidateQueries({ queryKey: feedKeys.overview(realEstateId) });
    },
  });
}

export function useUpdateManyPageChannels(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateManyPageChannelsInput) =>
      call('updateManyPageChannels', { params: { id: realEstateId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: feedKeys.all(realEstateId) }),
  });
}
