import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyListResponse, CreateApiKeyBody } from '@vitrine/contracts';
import { call } from '@/lib/api-client';
import { agencyKey } from '@/lib/query-client';

/** GET /v1/real-estates/{id}/api-keys → the agency's lead API keys, the endpoint's URL and the docs' URL. */
export async function getApiKeys(realEstateId: number, signal?: AbortSignal): Promise<ApiKeyListResponse> {
  return call('listApiKeys', { params: { id: realEstateId } }, { signal });
}

export const apiKeysQueryOptions = (realEstateId: number) =>
  queryOptions({
    queryKey: agencyKey(realEstateId, 'api-keys'),
    queryFn: ({ signal }) => getApiKeys(realEstateId, signal),
  });

export function useApiKeys(realEstateId: number) {
  return useQuery(apiKeysQueryOptions(realEstateId));
}

/** POST …/api-keys → the new key with its secret `token` (the only answer that carries it). */
export function useCreateApiKey(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => call('createApiKey', { params: { id: realEstateId }, body }),
    onSuccess: ({ data }) => {
      // The list never holds the secret: the key goes in without its token.
      const { token: _token, ...key } = data;
      queryClient.setQueryData(apiKeysQueryOptions(realEstateId).queryKey, (current) =>
        current ? { ...current, data: [key, ...current.data] } : current,
      );
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'api-keys') });
    },
  });
}

/** DELETE …/api-keys/{keyId} → the key, revoked (it answers 401 from now on). */
export function useRevokeApiKey(realEstateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => call('revokeApiKey', { params: { id: realEstateId, keyId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'api-keys') });
      // The lead sources' list shows the API channel too.
      void queryClient.invalidateQueries({ queryKey: agencyKey(realEstateId, 'lead-sources') });
    },
  });
}
