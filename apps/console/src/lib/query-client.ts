import { QueryClient } from '@tanstack/react-query';
import { getApiStatus } from './api-errors';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change by asking again.
        retry: (failureCount, error) => {
          const status = getApiStatus(error);
          if (status !== null && status >= 400 && status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Every query that belongs to one agency starts with ['agency', id]; switching accounts drops the
 * others (switching only changes the client-side selection; docs/product.md#dashboard-shell).
 */
export const agencyKey = (realEstateId: number, ...rest: readonly unknown[]) =>
  ['agency', realEstateId, ...rest] as const;
