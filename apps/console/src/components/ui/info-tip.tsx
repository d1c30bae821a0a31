import { Info } from 'lucide-react';
import { Popover } from 'radix-ui';
import { cn } from '@/lib/utils';

/**
 * A definition behind a small "i" next to a figure's name: opens on click, tap or Enter (a hover-only
 * tooltip would not reach a phone), closes on Escape or outside.
 */
export function InfoTip({
  label,
  children,
  className,
}: {
  label: string;
  children: string;
  className?: string;
}) {
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        title={label}
        className={cn(
          'inline-flex size-5 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          className,
        )}
      >
        <Info className="size-3.5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-[min(20rem,calc(100vw-2rem))] rounded-lg border bg-popover p-3 text-xs leading-relaxed text-popover-foreground shadow-lg outline-none"
        >
          {children}
          <Popover.Arrow className="fill-popover" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
