/**
 * A tiny trend line drawn as plain SVG (no chart library: the Dashboard stays light). Decorative
 * for assistive technology beyond its one-line summary: first, last, lowest and highest day.
 */
import { formatCount } from '../format';

export function Sparkline({
  values,
  label,
  format = formatCount,
  className,
}: {
  values: readonly number[];
  label: string;
  format?: (n: number) => string;
  className?: string;
}) {
  const width = 100;
  const height = 24;
  const max = Math.max(...values, 0);
  const min = Math.min(...values, 0);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values.map(
    (v, i) => `${(i * step).toFixed(2)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(2)}`,
  );
  const summary = `${label}: de ${format(values[0] ?? 0)} a ${format(values[values.length - 1] ?? 0)}; mínimo ${format(Math.min(...values))}, máximo ${format(Math.max(...values))}.`;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={summary}
      className={className ?? 'h-6 w-full overflow-visible'}
    >
      <polyline
        points={`0,${height} ${points.join(' ')} ${width},${height}`}
        fill="var(--accent)"
        stroke="none"
      />
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="var(--primary)"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
