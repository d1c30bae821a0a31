import { Link } from 'react-router';
import { APP_NAME } from '@/config/app';
import { cn } from '@/lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#fff" />
    </svg>
  );
}

/** The product's mark and name, linking home (or to `to`). */
export function Brand({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link
      to={to}
      className={cn('inline-flex items-center gap-2 rounded-md font-semibold tracking-tight', className)}
    >
      <BrandMark />
      <span className="whitespace-nowrap">{APP_NAME}</span>
    </Link>
  );
}
