import { demoInfoSchema, type DemoInfo } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /v1/public/demo → {data}: is the seeded demo in this installation (and its login)? */
export async function getDemoInfo(): Promise<DemoInfo> {
  const response = await api.get<{ data?: unknown }>('/v1/public/demo');
  return demoInfoSchema.parse(response.data?.data);
}

export const demoInfoQueryOptions = () =>
  queryOptions({ queryKey: ['public-demo'], queryFn: getDemoInfo, staleTime: 60_000, retry: 1 });

export function useDemoInfo() {
  return useQuery(demoInfoQueryOptions());
}
