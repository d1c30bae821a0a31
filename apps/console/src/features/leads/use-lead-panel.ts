/** The lead panel of /leads: which lead is open (`?lead=`), links to another one, and closing it. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UrlWriteOptions } from '@/lib/use-url-state';
import { LEAD_PARAM } from './lead-filters';

interface LeadOpenedState {
  /**
   * How many history entries opening leads has pushed (a lead, then another of the same person…),
   * so that closing the panel goes back to where it was opened from. Absent for a shared link or an
   * e-mail alert's deep link.
   */
  leadDepth?: number;
}

/** `url`: the screen's useUrlState. */
export function useLeadPanel(url: {
  params: URLSearchParams;
  set: (patch: Record<string, null>, options?: UrlWriteOptions) => void;
}) {
  const { params, set } = url;
  const location = useLocation();
  const navigate = useNavigate();
  const leadId = params.get(LEAD_PARAM);

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
    set({ [LEAD_PARAM]: null }, { replace: true });
  }, [depth, navigate, set]);

  return { leadId, leadHref, leadLinkState, closeLead };
}
