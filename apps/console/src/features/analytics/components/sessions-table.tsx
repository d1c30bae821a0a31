/** The period's sessions, newest first: a table on wide screens, cards on phones; each opens its timeline. */
import { paths } from '@vitrine/contracts/paths';
import { ChevronRight, Laptop, Smartphone, Tablet, type LucideIcon } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { deviceLabel, formatDay, formatDuration, formatTime, plural, sourceLabel } from '../format';
import type { AnalyticsSession } from '../types';

const DEVICE_ICONS: Record<string, LucideIcon> = { mobile: Smartphone, tablet: Tablet, desktop: Laptop };

export function sessionOrigin(
  s: Pick<AnalyticsSession, 'source' | 'utm_source' | 'utm_medium' | 'utm_campaign'>,
): {
  source: string;
  campaign: string;
} {
  const source = sourceLabel(s.utm_source ?? s.source);
  const campaign = [s.utm_medium, s.utm_campaign].filter(Boolean).join(' · ');
  return { source, campaign };
}

function DeviceCell({ device }: { device: string | null }) {
  const Icon = (device && DEVICE_ICONS[device]) || Laptop;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      {deviceLabel(device)}
    </span>
  );
}

function LeadBadge() {
  return (
    <Badge tone="green" dot>
      Virou lead
    </Badge>
  );
}

export function SessionsTable({ sessions, stale }: { sessions: AnalyticsSession[]; stale?: boolean }) {
  const navigate = useNavigate();
  return (
    <div aria-busy={stale || undefined} className={cn('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm xl:block">
        <Table scrollLabel="Tabela de sessões">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col" className="w-28">
                Início
              </TableHead>
              <TableHead scope="col">Página</TableHead>
              <TableHead scope="col">Origem</TableHead>
              <TableHead scope="col">Dispositivo</TableHead>
              <TableHead scope="col" className="text-right">
                Duração
              </TableHead>
              <TableHead scope="col" className="text-right">
                Eventos
              </TableHead>
              <TableHead scope="col">
                <span className="sr-only">Resultado</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sessions.map((s) => {
              const origin = sessionOrigin(s);
              return (
                <TableRow
                  key={s.id}
                  className="cursor-pointer"
                  // The date is the keyboard/screen-reader way in; a click anywhere on the row helps the mouse.
                  onClick={(e) => {
                    if ((e.target as HTMLElement).closest('a,button')) return;
                    void navigate(paths.analyticsSession(s.id));
                  }}
                >
                  <TableCell className="whitespace-nowrap">
                    <Link
                      to={paths.analyticsSession(s.id)}
                      className="rounded-sm font-medium hover:underline"
                      aria-label={`Sessão de ${formatDay(s.started_at)} às ${formatTime(s.started_at)}`}
                    >
                      <span className="block">{formatDay(s.started_at)}</span>
                      <span className="block text-xs font-normal text-muted-foreground">
                        {formatTime(s.started_at)}
                      </span>
                    </Link>
                  </TableCell>
                  <TableCell className="max-w-64">
                    <span className="line-clamp-2 [overflow-wrap:anywhere]">{s.page?.title ?? '—'}</span>
                  </TableCell>
                  <TableCell className="max-w-48">
                    <span className="block [overflow-wrap:anywhere]">{origin.source}</span>
                    {origin.campaign && (
                      <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        {origin.campaign}
                      </span>
                    )}
                  </TableCell>
                  <TableCell>
                    <DeviceCell device={s.device} />
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap tabular-nums">
                    {formatDuration(s.duration_seconds)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{s.events_count}</TableCell>
                  <TableCell>{s.lead_id && <LeadBadge />}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-2 xl:hidden">
        {sessions.map((s) => {
          const origin = sessionOrigin(s);
          return (
            <li key={s.id}>
              <Link
                to={paths.analyticsSession(s.id)}
                className="flex items-center gap-3 rounded-xl border bg-card p-3 shadow-sm hover:bg-muted/40"
              >
                <span className="grid min-w-0 flex-1 gap-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-medium">
                      {formatDay(s.started_at)} {formatTime(s.started_at)}
                    </span>
                    {s.lead_id && <LeadBadge />}
                  </span>
                  <span className="truncate text-sm">{s.page?.title ?? '—'}</span>
                  <span className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                    <span>{origin.campaign ? `${origin.source} · ${origin.campaign}` : origin.source}</span>
                    <span>{deviceLabel(s.device)}</span>
                    <span>{formatDuration(s.duration_seconds)}</span>
                    <span>{plural(s.events_count, 'evento', 'eventos')}</span>
                  </span>
                </span>
                <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function SessionsSkeleton() {
  return (
    <div role="status" aria-label="Carregando as sessões..." className="grid gap-2">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4 rounded-xl border p-3">
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-24 sm:block" />
        </div>
      ))}
    </div>
  );
}
