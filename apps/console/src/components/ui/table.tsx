import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { cn } from '@/lib/utils';

interface TableProps extends ComponentProps<'table'> {
  /**
   * Names the frame when the table is wider than it and scrolls sideways: the frame then takes the
   * keyboard focus (arrow keys scroll it) and is announced as a region with this name.
   */
  scrollLabel?: string;
}

/** shadcn/ui's table: a plain <table> in a horizontally scrollable frame. */
export function Table({ className, scrollLabel, ...props }: TableProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame, scrollLabel !== undefined);
  const focusable = scrolls && scrollLabel !== undefined;
  return (
    <div
      ref={frame}
      data-slot="table-container"
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      {...(focusable ? { tabIndex: 0, role: 'region', 'aria-label': scrollLabel } : {})}
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

/** Whether the element is narrower than its content (watched while `enabled`, on every resize). */
function useScrollsSideways(ref: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return scrolls;
}
export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-muted/40 [&_tr]:border-b', className)} {...props} />;
}
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn(
        'border-b transition-colors hover:bg-muted/40 data-[state=selected]:bg-accent',
        className,
      )}
      {...props}
    />
  );
}
export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}
export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-3 align-top', className)} {...props} />;
}
export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cn('mt-4 text-sm text-muted-foreground', className)} {...props} />;
}
