/**
 * One breakdown of the period (pages, sources, campaigns, referrers, devices) as a ranked table,
 * each row with a bar proportional to its visitors (Plausible's reading: the bar is decoration, the
 * numbers are in the cells). A row can apply itself as a filter. The API sends up to 20 rows; the
 * card shows the first MAX_ROWS and the rest on request.
 */
import { Filter } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatCount, formatRate } from '../format';

export interface BreakdownRow {
  key: string;
  label: string;
  /** A second line (the campaign's medium, the page's slug…). */
  detail?: string;
  visitors: number;
  leads: number;
  /** When given, the row offers "Filtrar por …". */
  onFilter?: () => void;
  /** Rendered instead of the plain label (a link to the page, for instance). */
  labelNode?: ReactNode;
}

const MAX_ROWS = 8;

interface BreakdownCardProps {
  title: string;
  /** The first column's heading ("Página", "Origem"). */
  column: string;
  rows: BreakdownRow[];
  empty?: string;
}

export function BreakdownCard({ title, column, rows, empty }: BreakdownCardProps) {
  const id = useId();
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="p-4 pb-2 sm:p-5 sm:pb-2">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          {title}
        </h2>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
        <BreakdownTable column={column} rows={rows} empty={empty} titleId={`${id}-title`} />
      </CardContent>
    </Card>
  );
}

function BreakdownTable({
  column,
  rows: all,
  empty,
  titleId,
}: Omit<BreakdownCardProps, 'title'> & { titleId: string }) {
  const [expanded, setExpanded] = useState(false);
  const rows = expanded ? all : all.slice(0, MAX_ROWS);
  const hidden = all.length - MAX_ROWS;
  if (rows.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{empty ?? 'Nada no período.'}</p>;
  }
  const max = Math.max(...rows.map((r) => r.visitors), 1);
  return (
    <>
      <table className="w-full table-fixed text-sm" aria-labelledby={titleId}>
        <thead>
          <tr className="text-xs text-muted-foreground">
            <th scope="col" className="pb-1 text-left font-medium">
              {column}
            </th>
            <th scope="col" className="w-[4.5rem] pb-1 text-right font-medium sm:w-24">
              Visitantes
            </th>
            <th scope="col" className="w-12 pb-1 text-right font-medium sm:w-16">
              Leads
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="group">
              <th scope="row" className="relative py-1 pr-2 text-left font-normal">
                <span
                  aria-hidden="true"
                  className="absolute inset-y-0.5 left-0 rounded bg-accent"
                  style={{ width: `${Math.max((row.visitors / max) * 100, 2)}%` }}
                />
                <span className="relative flex min-w-0 items-center gap-1 px-2 py-0.5">
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 [overflow-wrap:anywhere]" title={row.label}>
                      {row.labelNode ?? row.label}
                    </span>
                    {row.detail && (
                      <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        {row.detail}
                      </span>
                    )}
                  </span>
                  {row.onFilter && (
                    <button
                      type="button"
                      onClick={row.onFilter}
                      className="inline-flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground opacity-60 group-hover:opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100"
                      aria-label={`Filtrar por ${row.label}`}
                      title={`Filtrar por ${row.label}`}
                    >
                      <Filter className="size-3.5" aria-hidden="true" />
                    </button>
                  )}
                </span>
              </th>
              <td className="py-1 text-right tabular-nums">{formatCount(row.visitors)}</td>
              <td className={cn('py-1 text-right tabular-nums', row.leads === 0 && 'text-muted-foreground')}>
                {formatCount(row.leads)}
                {row.leads > 0 && row.visitors > 0 && (
                  <span className="sr-only">{`, conversão de ${formatRate(row.leads / row.visitors)}`}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && (
        <button
          type="button"
          className="mt-2 rounded-sm text-xs font-medium text-primary hover:underline"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Mostrar menos' : `Mostrar mais ${hidden}`}
        </button>
      )}
    </>
  );
}
