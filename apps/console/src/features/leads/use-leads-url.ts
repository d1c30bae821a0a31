/** The /leads screen's state, read from and written to the query string. */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  clearFilters,
  LEAD_PARAM,
  paramsForTab,
  parseDeliveryFilters,
  parseLeadFilters,
  parseTab,
  patchParams,
  type LeadsTab,
  type ParamPatch,
} from './lead-filters';

interface LeadOpenedState {
  /**
   * How many history entries opening leads has pushed (a lead, then another of the same person…),
   * so that closing the panel goes back to where it was opened from. Absent for a shared link or an
   * e-mail alert's deep link.
   */
  leadDepth?: number;
}

export function useLeadsUrl() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const tab = parseTab(params);
  const leadFilters = useMemo(() => parseLeadFilters(params), [params]);
  const deliveryFilters = useMemo(() => parseDeliveryFilters(params), [params]);
  const leadId = params.get(LEAD_PARAM);

  // useSearchParams' functional setter is handed the params of the last render, not the last
  // change: a second change made before the first one renders (one date typed right after the
  // other while the list re-renders) would drop the first. Changes not rendered yet are kept here
  // and built upon; any new render of the URL (ours, or the back button) starts over from it.
  const unrendered = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    unrendered.current = null;
  }, [params]);

  const change = useCallback(
    (next: (prev: URLSearchParams) => URLSearchParams, options: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const changed = next(unrendered.current ?? prev);
          unrendered.current = changed;
          return changed;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  /** Each change is a history entry (the back button undoes it) unless `replace`. */
  const update = useCallback(
    (patch: ParamPatch, options: { replace?: boolean } = {}) =>
      change((prev) => patchParams(prev, patch), options),
    [change],
  );

  const setTab = useCallback((next: LeadsTab) => change((prev) => paramsForTab(prev, next)), [change]);

  const clear = useCallback(() => change(clearFilters), [change]);

  /** The URL of this screen with another lead open (for links: keyboard and new-tab friendly). */
  const leadHref = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set(LEAD_PARAM, id);
      return `${location.pathname}?${next.toString()}`;
    },
    [params, location.pathname],
  );
  const depth = leadId ? ((location.state as LeadOpenedState | null)?.leadDepth ?? 0) : 0;
  const leadLinkState: LeadOpenedState = { leadDepth: depth + 1 };

  const closeLead = useCallback(() => {
    if (depth > 0) {
      void navigate(-depth);
      return;
    }
    // Opened from a shared link or an e-mail alert: there is no step to go back to.
    change(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(LEAD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [depth, navigate, change]);

  return {
    params,
    tab,
    leadFilters,
    deliveryFilters,
    leadId,
    update,
    setTab,
    clear,
    leadHref,
    leadLinkState,
    closeLead,
  };
}
