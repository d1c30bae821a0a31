import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A small status label. Tones carry the console's colour language (style guide): green done/OK,
 * yellow in progress or waiting, red error, gray anything else; brand and info for neutral emphasis.
 */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      tone: {
        gray: 'border-zinc-200 bg-zinc-100 text-zinc-700',
        green: 'border-emerald-200 bg-emerald-50 text-emerald-800',
        yellow: 'border-amber-200 bg-amber-50 text-amber-800',
        red: 'border-red-200 bg-red-50 text-red-800',
        info: 'border-sky-200 bg-sky-50 text-sky-800',
        brand: 'border-transparent bg-accent text-accent-foreground',
        outline: 'border-border bg-background text-foreground',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
);

const dotColours = {
  gray: 'bg-zinc-400',
  green: 'bg-emerald-500',
  yellow: 'bg-amber-500',
  red: 'bg-red-500',
  info: 'bg-sky-500',
  brand: 'bg-primary',
  outline: 'bg-foreground/50',
} as const;

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  className,
  tone,
  dot = false,
  children,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { dot?: boolean }) {
  return (
    <span
      data-slot="badge"
      data-tone={tone ?? 'gray'}
      className={cn(badgeVariants({ tone }), className)}
      {...props}
    >
      {dot && <span aria-hidden="true" className={cn('size-1.5 rounded-full', dotColours[tone ?? 'gray'])} />}
      {children}
    </span>
  );
}
