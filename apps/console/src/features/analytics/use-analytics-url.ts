/** The /analytics screen's state, read from and written to the query string. */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearAnalyticsFilters,
  parseAnalyticsFilters,
  patchAnalyticsParams,
  type ParamPatch,
} from './analytics-filters';

export function useAnalyticsUrl(today?: string) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAnalyticsFilters(params, today), [params, today]);
  /** Each change is a history entry: the back button undoes it. */
  const update = useCallback(
    (patch: ParamPatch) => setParams((prev) => patchAnalyticsParams(prev, patch)),
    [setParams],
  );
  const clear = useCallback(() => setParams((prev) => clearAnalyticsFilters(prev)), [setParams]);
  return { filters, update, clear };
}
