import { Megaphone } from 'lucide-react';
import { useLeadConversions } from '../api/conversions';

/** The lead's line "Enviado ao Meta e ao Google" (or what is waiting), shown only when there is something. */
export function LeadConversionsLine({ leadId }: { leadId: string }) {
  const query = useLeadConversions(leadId);
  if (!query.data?.summary) return null;
  const detail = query.data.conversions
    .map(
      (c) => `${c.platform === 'meta' ? 'Meta' : 'Google'}: ${c.event}${c.message ? ` (${c.message})` : ''}`,
    )
    .join(' · ');
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="lead-conversions">
      <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-medium text-foreground">{query.data.summary}</span> <span>{detail}</span>
      </span>
    </p>
  );
}
