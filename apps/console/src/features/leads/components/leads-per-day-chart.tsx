/**
 * Leads per day (recharts). Loaded lazily by the route, so recharts never reaches the first bundle.
 * The figure has a text summary for screen readers; the drawing itself is decorative.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeadsPerDay } from '../api/get-leads-per-day';
import { formatCount, plural } from '../format';
import { MAX_CHART_LEADS, type ChartPeriod, type DayCount } from '../leads-per-day';

const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const fullDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

interface LeadsPerDayChartProps {
  realEstateId: number;
  filters: Record<string, string>;
  period: ChartPeriod;
}

export function LeadsPerDayChart({ realEstateId, filters, period }: LeadsPerDayChartProps) {
  const query = useLeadsPerDay(realEstateId, filters, period);
  const periodText = `${fullDay(period.from)} a ${fullDay(period.to)}`;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4 pb-1 sm:p-5 sm:pb-1">
        <h2 className="text-sm font-semibold">Leads por dia</h2>
        <p className="text-xs text-muted-foreground">
          {periodText}
          {period.clipped ? ' (últimos 92 dias do período)' : ''}
          {query.data?.kind === 'counted' ? ` · ${plural(query.data.total, 'lead', 'leads')}` : ''}
        </p>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Não foi possível montar o gráfico.{' '}
            <button
              type="button"
              className="font-medium text-primary underline"
              onClick={() => void query.refetch()}
            >
              Tentar novamente
            </button>
          </p>
        ) : query.data.kind === 'too-many' ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            {formatCount(query.data.total)} leads no período: mais de {formatCount(MAX_CHART_LEADS)}, o
            gráfico não conta tantos. Escolha um período menor ou exporte o CSV.
          </p>
        ) : (
          <DayBars days={query.data.days} total={query.data.total} periodText={periodText} />
        )}
      </CardContent>
    </Card>
  );
}

function DayBars({ days, total, periodText }: { days: DayCount[]; total: number; periodText: string }) {
  const busiest = days.reduce<DayCount | null>((best, d) => (d.count > (best?.count ?? 0) ? d : best), null);
  const summary =
    total === 0
      ? `Nenhum lead de ${periodText}.`
      : `${plural(total, 'lead', 'leads')} de ${periodText}. Dia com mais leads: ${fullDay(busiest!.day)}, com ${busiest!.count}.`;
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{summary}</figcaption>
      <div className="h-24 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 0, bottom: 0, left: 0 }} barCategoryGap={2}>
            <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis
              dataKey="day"
              tickFormatter={shortDay}
              tickLine={false}
              axisLine={false}
              minTickGap={24}
              tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
            />
            <YAxis
              allowDecimals={false}
              width={28}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 11, fill: 'var(--muted-foreground)' }}
            />
            <Tooltip
              cursor={{ fill: 'var(--accent)' }}
              labelFormatter={(day) => fullDay(String(day))}
              formatter={(value) => [plural(Number(value), 'lead', 'leads'), '']}
              separator=""
              contentStyle={{ borderRadius: 8, fontSize: 12, borderColor: 'var(--border)' }}
            />
            <Bar dataKey="count" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
