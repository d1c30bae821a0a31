/**
 * The period day by day (or hour by hour for "Hoje"), one figure at a time. Loaded lazily by the
 * route so recharts never reaches the first bundle. Screen readers get a one-line summary and the
 * same numbers as a table ("Ver os números"), which keyboard users can open too.
 */
import { useId, useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { formatCount } from '../format';

export const SERIES_METRICS = ['visitors', 'pageviews', 'leads'] as const;
export type SeriesMetric = (typeof SERIES_METRICS)[number];
export const SERIES_LABELS: Record<SeriesMetric, string> = {
  visitors: 'Visitantes',
  pageviews: 'Visualizações',
  leads: 'Leads',
};

export interface SeriesPoint {
  /** YYYY-MM-DD, or an ISO instant for hourly points. */
  key: string;
  /** "05/03" or "14h": the axis label. */
  short: string;
  /** "05/03/2025" or "05/03/2025 14h": the tooltip and table label. */
  long: string;
  visitors: number;
  pageviews: number;
  leads: number;
}

export function TimeSeriesChart({ points, periodText }: { points: SeriesPoint[]; periodText: string }) {
  const id = useId();
  const [metric, setMetric] = useState<SeriesMetric>('visitors');
  const label = SERIES_LABELS[metric];
  const total = points.reduce((sum, p) => sum + p[metric], 0);
  const best = points.reduce<SeriesPoint | null>((b, p) => (p[metric] > (b?.[metric] ?? 0) ? p : b), null);
  const summary =
    total === 0
      ? `${label}: nenhum registro em ${periodText}.`
      : `${label}: ${formatCount(total)} em ${periodText}. Maior número em ${best!.long}, com ${formatCount(best![metric])}.`;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 p-4 pb-2 sm:p-5 sm:pb-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          Evolução no período
        </h2>
        <ToggleGroup
          type="single"
          aria-label="Número mostrado no gráfico"
          value={metric}
          onValueChange={(value) => value && setMetric(value as SeriesMetric)}
        >
          {SERIES_METRICS.map((m) => (
            <ToggleGroupItem key={m} value={m} className="text-xs sm:text-sm">
              {SERIES_LABELS[m]}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
      </CardHeader>
      <CardContent className="grid gap-2 p-4 pt-0 sm:p-5 sm:pt-0">
        <figure className="m-0" aria-labelledby={`${id}-title`}>
          <figcaption className="sr-only" aria-live="polite">
            {summary}
          </figcaption>
          <div className="h-52 w-full sm:h-64" aria-hidden="true" data-testid="time-series">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
                <defs>
                  <linearGradient id={`${id}-fill`} x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="var(--primary)" stopOpacity={0.25} />
                    <stop offset="100%" stopColor="var(--primary)" stopOpacity={0.02} />
                  </linearGradient>
                </defs>
                <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
                <XAxis
                  dataKey="short"
                  tickLine={false}
                  axisLine={false}
                  minTickGap={20}
                  tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
                />
                <YAxis
                  allowDecimals={false}
                  width={32}
                  tickLine={false}
                  axisLine={false}
                  tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
                />
                <Tooltip
                  labelFormatter={(_, payload) => String(payload?.[0]?.payload?.long ?? '')}
                  formatter={(value) => [formatCount(Number(value)), label]}
                  contentStyle={{ borderRadius: 8, fontSize: 12, borderColor: 'var(--border)' }}
                />
                <Area
                  type="monotone"
                  dataKey={metric}
                  stroke="var(--primary)"
                  strokeWidth={2}
                  fill={`url(#${id}-fill)`}
                  isAnimationActive={false}
                />
              </AreaChart>
            </ResponsiveContainer>
          </div>
        </figure>
        <details className="text-sm">
          <summary className="w-fit cursor-pointer rounded-sm text-xs font-medium text-primary">
            Ver os números
          </summary>
          <div className="mt-2 max-h-72 overflow-y-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead scope="col">Data</TableHead>
                  {SERIES_METRICS.map((m) => (
                    <TableHead key={m} scope="col" className="text-right">
                      {SERIES_LABELS[m]}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {points.map((p) => (
                  <TableRow key={p.key}>
                    <TableHead scope="row" className="h-auto py-2 font-normal text-foreground">
                      {p.long}
                    </TableHead>
                    {SERIES_METRICS.map((m) => (
                      <TableCell key={m} className="py-2 text-right tabular-nums">
                        {formatCount(p[m])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
