import { cn } from '@/lib/utils';
import { statusColor, statusLabel, type IntegrationEntry, type StatusColor } from '../integrations-state';

const DOT: Record<StatusColor, string> = {
  yellow: 'bg-yellow-400 ring-yellow-200 motion-safe:animate-pulse',
  red: 'bg-red-500 ring-red-200',
  green: 'bg-green-500 ring-green-200',
  gray: 'bg-gray-300 ring-gray-100',
};

/**
 * The card's status dot (docs/product.md#status-dot) with its meaning written beside it. A polite live
 * region: screen readers hear "Salvando...", "Erro ao salvar", "Ativa e testada"… as they happen.
 */
export function StatusIndicator({ entry, className }: { entry: IntegrationEntry; className?: string }) {
  const color = statusColor(entry);
  const label = statusLabel(entry);
  return (
    <span
      role="status"
      aria-live="polite"
      data-testid={`status-${entry.name}`}
      data-color={color}
      className={cn(
        'inline-flex shrink-0 items-center gap-2 text-xs font-medium text-muted-foreground',
        className,
      )}
    >
      <span aria-hidden="true" title={label} className={cn('size-2.5 rounded-full ring-4', DOT[color])} />
      <span>{label}</span>
    </span>
  );
}
