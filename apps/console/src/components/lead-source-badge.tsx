/**
 * Where a lead came from, as a badge (docs/product.md#lead-sources): one colour per source, the same in the
 * Leads list, the lead's detail, the dashboard and analytics. The label is always written, so the colour is
 * never the only way to tell sources apart; every pair of text and background passes WCAG AA.
 */
import { LEAD_SOURCE_LABELS, LEAD_SOURCES, type LeadSource } from '@vitrine/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const BADGE_CLASSES: Record<LeadSource, string> = {
  landing_page: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  portal_zap: 'border-orange-200 bg-orange-50 text-orange-800',
  portal_vivareal: 'border-sky-200 bg-sky-50 text-sky-800',
  portal_olx: 'border-violet-200 bg-violet-50 text-violet-800',
  facebook: 'border-blue-200 bg-blue-50 text-blue-800',
  instagram: 'border-pink-200 bg-pink-50 text-pink-800',
  api: 'border-slate-300 bg-slate-100 text-slate-800',
  teste: 'border-zinc-200 bg-zinc-100 text-zinc-700',
};

/** The chart colour of each source (bars and legends): distinct hues, dark enough on white (≥ 3:1). */
export const LEAD_SOURCE_CHART_COLOURS: Record<LeadSource, string> = {
  landing_page: '#059669',
  portal_zap: '#ea580c',
  portal_vivareal: '#0284c7',
  portal_olx: '#7c3aed',
  facebook: '#1d4ed8',
  instagram: '#db2777',
  api: '#334155',
  teste: '#71717a',
};

export const isLeadSource = (value: string): value is LeadSource =>
  (LEAD_SOURCES as readonly string[]).includes(value);

export function leadSourceLabel(source: string): string {
  return LEAD_SOURCE_LABELS[source] ?? source;
}

export function LeadSourceBadge({ source, className }: { source: string; className?: string }) {
  return (
    <Badge className={cn(isLeadSource(source) && BADGE_CLASSES[source], className)} data-source={source}>
      {leadSourceLabel(source)}
    </Badge>
  );
}
