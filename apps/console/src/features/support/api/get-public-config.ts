import { publicConfigSchema, type PublicConfig } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APP_NAME, FALLBACK_SUPPORT_EMAIL, FALLBACK_SUPPORT_WHATSAPP } from '@/config/app';
import { call } from '@/lib/api-client';

export const FALLBACK_PUBLIC_CONFIG: PublicConfig = {
  app_name: APP_NAME,
  support_email: FALLBACK_SUPPORT_EMAIL,
  support_whatsapp: FALLBACK_SUPPORT_WHATSAPP,
};

/** GET /v1/public/config → {data}. Any failure or odd answer yields the fallback constants. */
export async function getPublicConfig(): Promise<PublicConfig> {
  try {
    // Read as unknown: the help widget must show something even when a proxy answers in its place.
    const answer: unknown = await call('getPublicConfig', {});
    const parsed = publicConfigSchema.partial().safeParse((answer as { data?: unknown } | null)?.data);
    if (!parsed.success) return FALLBACK_PUBLIC_CONFIG;
    return {
      app_name: parsed.data.app_name || FALLBACK_PUBLIC_CONFIG.app_name,
      support_email: parsed.data.support_email || FALLBACK_PUBLIC_CONFIG.support_email,
      support_whatsapp: parsed.data.support_whatsapp || FALLBACK_PUBLIC_CONFIG.support_whatsapp,
    };
  } catch {
    return FALLBACK_PUBLIC_CONFIG;
  }
}

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['public-config'], queryFn: getPublicConfig, staleTime: Infinity, retry: false });

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
