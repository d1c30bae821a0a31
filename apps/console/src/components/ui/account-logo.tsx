import { useState } from 'react';
import { cn, initials } from '@/lib/utils';

interface AccountLogoProps {
  name: string | null | undefined;
  logoUrl: string | null | undefined;
  className?: string;
}

/** An agency's logo, or its initials when it has none (or the image fails to load). */
export function AccountLogo({ name, logoUrl, className }: AccountLogoProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(logoUrl) && failedUrl !== logoUrl;
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-accent text-xs font-semibold text-accent-foreground',
        className,
      )}
    >
      {showImage ? (
        <img
          src={logoUrl ?? undefined}
          alt=""
          className="size-full bg-white object-contain"
          onError={() => setFailedUrl(logoUrl ?? null)}
        />
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
