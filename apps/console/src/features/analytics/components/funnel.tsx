/**
 * The per-listing funnel: views → engaged → photos/video → WhatsApp or form start → lead →
 * delivered to the CRM. Drawn as bars in an ordered list (the text carries every number, so it
 * reads well aloud), then one row per listing: a table on wide screens, cards on phones.
 */
import { ANALYTICS_FUNNEL_LABELS, ANALYTICS_FUNNEL_STEPS, LEAD_DEFINITION } from '@vitrine/contracts';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { InfoTip } from '@/components/ui/info-tip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount, formatRate } from '../format';
import type { AnalyticsFunnelCounts, AnalyticsFunnelStep } from '../types';

const FUNNEL_STEPS = ANALYTICS_FUNNEL_STEPS;
type FunnelStep = AnalyticsFunnelStep;
type FunnelCounts = AnalyticsFunnelCounts;
const FUNNEL_LABELS = ANALYTICS_FUNNEL_LABELS;

const SHORT_LABELS: Record<FunnelStep, string> = {
  views: 'Viram',
  engaged: 'Engajaram',
  media: 'Fotos/vídeo',
  contact: 'Contato',
  leads: 'Leads',
  delivered: 'No CRM',
};
const FUNNEL_HINTS: Record<FunnelStep, string> = {
  views: 'sessões que abriram a página',
  engaged: 'ficaram, rolaram ou clicaram',
  media: 'abriram fotos ou deram play',
  contact: 'clicaram ou começaram a preencher',
  leads: 'do período, como na tela Leads',
  delivered: 'o lead chegou ao CRM',
};

export interface FunnelListing {
  key: string;
  title: string;
  counts: FunnelCounts;
  onFilter?: () => void;
}

const share = (part: number, whole: number) => (whole > 0 ? formatRate(part / whole) : '—');

export function FunnelCard({
  total,
  listings,
  scope,
}: {
  total: FunnelCounts;
  listings: FunnelListing[];
  scope: string;
}) {
  const id = useId();
  return (
    <Card>
      <CardHeader className="p-4 pb-2 sm:p-5 sm:pb-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          Funil por imóvel
        </h2>
        <CardDescription className="text-xs">{scope}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 p-4 pt-0 sm:p-5 sm:pt-0">
        <FunnelBars counts={total} labelledBy={`${id}-title`} />
        {listings.length > 1 && <FunnelTable listings={listings} />}
      </CardContent>
    </Card>
  );
}

export function FunnelBars({ counts, labelledBy }: { counts: FunnelCounts; labelledBy?: string }) {
  const top = Math.max(counts.views, 1);
  return (
    <div className="grid gap-2">
      <ol className="grid gap-2" aria-labelledby={labelledBy} data-testid="funnel">
        {FUNNEL_STEPS.map((step, i) => {
          const value = counts[step];
          // Steps are counted apart (a visitor may call without opening a photo), so each is a share
          // of the visits, never of the step above; the delivery is a share of the leads.
          const base = i === 0 ? null : step === 'delivered' ? counts.leads : counts.views;
          return (
            <li key={step} className="grid gap-1 sm:grid-cols-[13rem_minmax(0,1fr)] sm:items-center sm:gap-3">
              <div className="text-sm">
                <span className="inline-flex items-center gap-0.5 font-medium">
                  {FUNNEL_LABELS[step]}
                  {step === 'leads' && <InfoTip label="O que conta em Leads">{LEAD_DEFINITION}</InfoTip>}
                </span>
                <span className="block text-xs text-muted-foreground">{FUNNEL_HINTS[step]}</span>
              </div>
              <div className="flex items-center gap-3">
                <div className="h-6 flex-1 rounded bg-muted" aria-hidden="true">
                  <div
                    className="h-full rounded bg-primary/80"
                    style={{ width: `${value > 0 ? Math.min(Math.max((value / top) * 100, 1.5), 100) : 0}%` }}
                  />
                </div>
                <span className="w-28 shrink-0 text-right text-sm tabular-nums">
                  <span className="font-semibold">{formatCount(value)}</span>
                  {base !== null && (
                    <span className="text-xs text-muted-foreground">
                      {' '}
                      ({share(value, base)}
                      <span className="sr-only">{step === 'delivered' ? ' dos leads' : ' das visitas'}</span>)
                    </span>
                  )}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-muted-foreground">
        Percentuais sobre as visitas; a entrega ao CRM, sobre os leads.
      </p>
    </div>
  );
}

function FunnelTable({ listings }: { listings: FunnelListing[] }) {
  return (
    <div className="grid gap-2">
      <h3 className="text-xs font-semibold text-muted-foreground">Por imóvel</h3>
      <div className="hidden overflow-hidden rounded-lg border xl:block">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">Imóvel</TableHead>
              {FUNNEL_STEPS.map((s) => (
                <TableHead key={s} scope="col" className="text-right" title={FUNNEL_LABELS[s]}>
                  {SHORT_LABELS[s]}
                </TableHead>
              ))}
              <TableHead scope="col" className="text-right">
                Conversão
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {listings.map((l) => (
              <TableRow key={l.key}>
                <TableHead
                  scope="row"
                  className="h-auto max-w-64 py-2 text-sm font-medium whitespace-normal text-foreground"
                >
                  <ListingTitle listing={l} />
                </TableHead>
                {FUNNEL_STEPS.map((s) => (
                  <TableCell key={s} className="py-2 text-right tabular-nums">
                    {formatCount(l.counts[s])}
                  </TableCell>
                ))}
                <TableCell className="py-2 text-right font-medium tabular-nums">
                  {share(l.counts.leads, l.counts.views)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-2 xl:hidden">
        {listings.map((l) => (
          <li key={l.key} className="rounded-lg border p-3">
            <p className="mb-2 text-sm font-medium">
              <ListingTitle listing={l} />
            </p>
            <dl className="grid grid-cols-3 gap-x-3 gap-y-1 text-xs">
              {FUNNEL_STEPS.map((s) => (
                <div key={s} className="flex justify-between gap-1">
                  <dt className="text-muted-foreground">{SHORT_LABELS[s]}</dt>
                  <dd className="font-medium tabular-nums">{formatCount(l.counts[s])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ListingTitle({ listing }: { listing: FunnelListing }) {
  if (!listing.onFilter) return <span className="break-words">{listing.title}</span>;
  return (
    <button
      type="button"
      onClick={listing.onFilter}
      className="rounded-sm text-left break-words hover:underline"
      title="Ver só este imóvel"
    >
      {listing.title}
      <span className="sr-only"> (ver só este imóvel)</span>
    </button>
  );
}
