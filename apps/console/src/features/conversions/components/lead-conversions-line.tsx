import type { LeadConversion } from '@vitrine/contracts';
import { Megaphone } from 'lucide-react';
import { formatDateTime } from '@/lib/datetime';
import { useLeadConversions } from '../api/conversions';

const PLATFORM: Record<LeadConversion['platform'], string> = { meta: 'Meta', google_ads: 'Google Ads' };

/** "enviado em …", "aguardando", …: each event's state, so a mixed summary says which one is which. */
function stateOf(c: LeadConversion): string {
  switch (c.status) {
    case 'delivered':
      return c.at ? `enviado em ${formatDateTime(c.at)}` : 'enviado';
    case 'pending':
      return 'aguardando';
    case 'paused':
      return 'pausado';
    case 'failed':
      return 'falhou';
  }
}

/**
 * The lead's line "Enviado ao Meta e ao Google" (or what is waiting), shown only when there is
 * something, with one row per event: the platform, the event, its state and the platform's message.
 */
export function LeadConversionsLine({ leadId }: { leadId: string }) {
  const query = useLeadConversions(leadId);
  if (!query.data?.summary) return null;
  return (
    <div className="flex items-start gap-2 text-sm" data-testid="lead-conversions">
      <Megaphone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <p className="font-medium">{query.data.summary}</p>
        <ul className="grid gap-0.5 text-muted-foreground">
          {query.data.conversions.map((c, i) => (
            <li key={`${c.platform}-${c.event}-${i}`} className="break-words">
              {PLATFORM[c.platform]}: {c.event} · {stateOf(c)}
              {c.message ? ` (${c.message})` : ''}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
