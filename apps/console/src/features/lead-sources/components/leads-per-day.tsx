import type { LeadSourceView } from '@vitrine/contracts';
import { formatDay } from '@/lib/datetime';

/** Leads per day, the last 30 days: a small bar chart, with the numbers for screen readers. */
export function LeadsPerDay({ days }: { days: LeadSourceView['leads_per_day'] }) {
  const total = days.reduce((sum, d) => sum + d.leads, 0);
  const max = Math.max(1, ...days.map((d) => d.leads));
  const label = `${total} ${total === 1 ? 'lead' : 'leads'} nos últimos 30 dias`;
  return (
    <figure className="grid gap-1">
      <figcaption className="flex items-baseline justify-between gap-2 text-xs text-muted-foreground">
        <span>Leads por dia (30 dias)</span>
        <span className="font-medium text-foreground tabular-nums">{label}</span>
      </figcaption>
      <div role="img" aria-label={label} className="flex h-12 items-end gap-px" data-testid="leads-per-day">
        {days.map((d) => (
          <div
            key={d.day}
            title={`${formatDay(`${d.day}T12:00:00`)}: ${d.leads}`}
            className={d.leads ? 'flex-1 rounded-t-sm bg-primary/70' : 'flex-1 rounded-t-sm bg-muted'}
            style={{ height: `${d.leads ? Math.max(8, (d.leads / max) * 100) : 4}%` }}
          />
        ))}
      </div>
    </figure>
  );
}
