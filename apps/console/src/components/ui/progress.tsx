import { cn } from '@/lib/utils';

interface ProgressProps {
  /** 0–100; null for work whose size is not known yet (an animated, indeterminate bar). */
  value: number | null;
  /** Accessible name, e.g. "Envio de fachada.jpg". */
  label: string;
  tone?: 'brand' | 'green' | 'red';
  className?: string;
}

const tones = { brand: 'bg-primary', green: 'bg-emerald-500', red: 'bg-red-500' } as const;

/** A progress bar (role="progressbar" with aria-valuenow) for uploads, imports and other long work. */
export function Progress({ value, label, tone = 'brand', className }: ProgressProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      aria-valuetext={clamped === null ? 'Aguardando...' : `${clamped}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300 ease-out',
          tones[tone],
          clamped === null && 'w-1/3 animate-pulse',
        )}
        style={clamped === null ? undefined : { width: `${clamped}%` }}
      />
    </div>
  );
}
