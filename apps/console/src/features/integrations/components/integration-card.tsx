import { CircleCheck, CircleX, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { formatDateTime } from '../format';
import type { IntegrationEntry } from '../integrations-state';
import { RecentDeliveries } from './recent-deliveries';
import { StatusIndicator } from './status-indicator';

interface IntegrationCardProps {
  entry: IntegrationEntry;
  realEstateId: number;
  title: string;
  description: ReactNode;
  icon: LucideIcon;
  /** The integration's fields. */
  children: ReactNode;
  /** Extra blocks below the fields (the webhook's signing secret). */
  extra?: ReactNode;
}

/** One integration: title, status dot, fields, last test, halt notice and recent deliveries. */
export function IntegrationCard({
  entry,
  realEstateId,
  title,
  description,
  icon: Icon,
  children,
  extra,
}: IntegrationCardProps) {
  const titleId = useId();
  const unplacedError =
    entry.saveStatus === 'error' && entry.saveError && Object.keys(entry.fieldErrors).length === 0
      ? entry.saveError
      : null;
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      data-testid={`integration-${entry.name}`}
      className="min-w-0"
    >
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="flex min-w-0 items-center gap-3">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h2 id={titleId} className="text-base leading-tight font-semibold">
              {title}
            </h2>
          </div>
          <StatusIndicator entry={entry} />
        </div>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-5">
        {entry.halted && (
          <Alert variant="danger" data-testid={`halted-${entry.name}`}>
            <p className="font-medium">
              {entry.halted.kind === 'paused' ? 'Envios pausados' : 'Integração desativada pelo sistema'}
              {entry.halted.at && ` desde ${formatDateTime(entry.halted.at)}`}
            </p>
            {entry.halted.reason && <p>{entry.halted.reason}</p>}
            <p>
              {entry.halted.kind === 'paused'
                ? 'Corrija a configuração abaixo: ao salvar, os envios pausados são retomados.'
                : 'Corrija a configuração abaixo: ao salvar, os próximos leads voltam a ser enviados. Reenvie em “Últimas entregas” os que falharam.'}
            </p>
          </Alert>
        )}
        <div className="grid gap-4">{children}</div>
        {unplacedError && (
          <p className="text-sm font-medium text-destructive" data-testid={`save-error-${entry.name}`}>
            {unplacedError}
          </p>
        )}
        {entry.lastTest && entry.is_active && <LastTestLine test={entry.lastTest} />}
        {extra}
        <RecentDeliveries realEstateId={realEstateId} integration={entry.name} />
      </CardContent>
    </Card>
  );
}

function LastTestLine({ test }: { test: NonNullable<IntegrationEntry['lastTest']> }) {
  const ok = test.ok === true;
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div
      className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${ok ? 'border-green-200 bg-green-50 text-green-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 break-words">
        <span className="font-medium">
          {ok ? 'Último teste: OK' : 'Último teste: falhou'}
          {test.at && ` (${formatDateTime(test.at)})`}.
        </span>{' '}
        {test.message}
      </p>
    </div>
  );
}
