/**
 * A figure of the period with its change against the previous one, and optionally a sparkline of
 * its days. Green means better, red worse (bounce: lower is better); the sign and the spoken text
 * carry the meaning too, never the colour alone.
 */
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { InfoTip } from '@/components/ui/info-tip';
import { cn } from '@/lib/utils';
import { changeBetween, formatMetric, type MetricKind } from '../format';
import { Sparkline } from './sparkline';

export interface KpiCardProps {
  label: string;
  value: number;
  kind: MetricKind;
  previous?: number | null;
  /** True when a lower value is the better one (bounce rate). */
  lowerIsBetter?: boolean;
  /** The figure's days, oldest first, for a sparkline. */
  trend?: readonly number[];
  hint?: ReactNode;
  /** What the figure counts, behind an "i" next to its name. */
  definition?: string;
  testId?: string;
  className?: string;
}

export function KpiCard({
  label,
  value,
  kind,
  previous,
  lowerIsBetter,
  trend,
  hint,
  definition,
  testId,
  className,
}: KpiCardProps) {
  const change = changeBetween(value, previous, kind);
  const good =
    change && change.direction !== 'flat' && (change.direction === 'up') !== Boolean(lowerIsBetter);
  const Icon =
    !change || change.direction === 'flat'
      ? ArrowRight
      : change.direction === 'up'
        ? ArrowUpRight
        : ArrowDownRight;
  return (
    <Card className={cn('flex min-w-0 flex-col gap-1 p-3 sm:p-4', className)} data-testid={testId}>
      <dt className="flex min-w-0 items-center gap-0.5 text-xs font-medium text-muted-foreground">
        <span className="truncate" title={label}>
          {label}
        </span>
        {definition && <InfoTip label={`O que conta em ${label}`}>{definition}</InfoTip>}
      </dt>
      <dd className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl">
          {formatMetric(value, kind)}
        </span>
        {change && (
          <span
            className={cn(
              'inline-flex items-center gap-0.5 text-xs font-medium tabular-nums',
              change.direction === 'flat'
                ? 'text-muted-foreground'
                : good
                  ? 'text-emerald-700'
                  : 'text-red-700',
            )}
          >
            <Icon className="size-3.5" aria-hidden="true" />
            <span aria-hidden="true">{change.text}</span>
            <span className="sr-only">{`, ${change.spoken}`}</span>
          </span>
        )}
      </dd>
      {trend && trend.length > 1 && (
        <dd className="mt-1">
          <Sparkline values={trend} label={`${label} por dia`} format={(n) => formatMetric(n, kind)} />
        </dd>
      )}
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </Card>
  );
}

/** Two columns on phones, four on wide screens; `className` lets a screen lay out seven cards. */
export function KpiGrid({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <dl aria-label={label} className={cn('grid grid-cols-2 gap-3 lg:grid-cols-4', className)}>
      {children}
    </dl>
  );
}

export function KpiGridSkeleton({
  count = 7,
  label = 'Carregando os números do período...',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="grid gap-2 p-3 sm:p-4">
          <Skeleton className="h-3 w-20" />
          <Skeleton className="h-7 w-16" />
        </Card>
      ))}
    </div>
  );
}
