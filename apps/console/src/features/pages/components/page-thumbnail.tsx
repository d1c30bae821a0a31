import type { PagePhotoView } from '@vitrine/contracts';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import { photoSrc } from '../photo-url';

/** A page's cover, small; an icon when there is none or it fails to load (catalog photos live elsewhere). */
export function PageThumbnail({
  photo,
  className,
}: {
  photo: PagePhotoView | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = photo && failed !== photo.url;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted text-muted-foreground',
        className,
      )}
    >
      {show ? (
        <img
          src={photoSrc(photo, 80)}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailed(photo.url)}
        />
      ) : (
        <ImageOff className="size-5" aria-hidden="true" />
      )}
    </span>
  );
}
