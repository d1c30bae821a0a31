import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getIntegrations } from './api/get-integrations';
import type { Delivery, IntegrationView } from '@vitrine/contracts';

/** Wait for the lists refreshed together (after a test lead, a replay) before asking once. */
const SETTLE_MS = 250;

/**
 * A refused delivery can make the server pause an integration (401/403 from a CRM) or disable it
 * (410 from a webhook). When a card's delivery list changes, the halt facts are read again so the
 * dot and the notice follow without a reload (the form's content is never touched).
 */
export function useHaltedSync(realEstateId: number, onViews: (views: IntegrationView[]) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const seen = new Map<string, string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const [scope, id, kind] = event.query.queryKey as unknown[];
      if (scope !== 'agency' || id !== realEstateId || kind !== 'deliveries') return;
      const data: unknown = event.query.state.data;
      if (!Array.isArray(data)) return;
      const signature = JSON.stringify((data as Delivery[]).map((d) => [d.id, d.status]));
      const previous = seen.get(event.query.queryHash);
      seen.set(event.query.queryHash, signature);
      // The first answer of each list arrives with the integrations just loaded.
      if (previous === undefined || previous === signature) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        getIntegrations(realEstateId).then(onViews, () => undefined);
      }, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [queryClient, realEstateId, onViews]);
}
