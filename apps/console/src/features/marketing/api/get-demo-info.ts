import { demoInfoSchema, type DemoInfo } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** GET /v1/public/demo → {data}: is the seeded demo in this installation (and its login)? */
export async function getDemoInfo(): Promise<DemoInfo> {
  const answer: unknown = await call('getPublicDemo', {});
  // Checked here too: the /demo screen shows the login it gets, so an odd answer is an error, not a blank.
  return demoInfoSchema.parse((answer as { data?: unknown } | null)?.data);
}

export const demoInfoQueryOptions = () =>
  queryOptions({ queryKey: ['public-demo'], queryFn: getDemoInfo, staleTime: 60_000, retry: 1 });

export function useDemoInfo() {
  return useQuery(demoInfoQueryOptions());
}
