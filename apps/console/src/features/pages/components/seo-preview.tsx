import { clipWithEllipsis } from '@vitrine/contracts';
import { cn } from '@/lib/utils';

/** Roughly what Google shows before cutting with "…" (it measures pixels; characters are a fair guide). */
export const SEO_TITLE_VISIBLE = 60;
export const SEO_DESCRIPTION_VISIBLE = 155;

/** "23/60" under a field: amber past what Google shows, red past what the server accepts. */
export function CharCounter({
  length,
  visible,
  max,
  id,
}: {
  length: number;
  visible: number;
  max: number;
  id?: string;
}) {
  const tone =
    length > max ? 'text-destructive' : length > visible ? 'text-amber-700' : 'text-muted-foreground';
  return (
    <span id={id} className={cn('text-xs tabular-nums', tone)}>
      {length}/{visible}
      {length > visible && length <= max && ' · o Google pode cortar o final'}
      {length > max && ` · máximo ${max}`}
    </span>
  );
}

/** A Google-style search result: the address as breadcrumbs, the blue title, the gray snippet. */
export function SeoPreview({ title, description, url }: { title: string; description: string; url: string }) {
  let host = url;
  let crumbs: string[] = [];
  try {
    const parsed = new URL(url);
    host = parsed.host;
    crumbs = parsed.pathname.split('/').filter(Boolean);
  } catch {
    /* a relative or broken URL is shown as it is */
  }
  return (
    <figure
      aria-label="Prévia no Google"
      className="min-w-0 overflow-hidden rounded-lg border bg-white p-4 font-[arial,sans-serif] text-left shadow-xs"
    >
      <div className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full border bg-zinc-50 text-[11px] font-semibold text-zinc-600"
        >
          {host.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 leading-tight">
          <div className="truncate text-sm text-[#202124]">{host}</div>
          <div className="truncate text-xs text-[#4d5156]">
            {[url.split('/').slice(0, 3).join('/'), ...crumbs].join(' › ')}
          </div>
        </div>
      </div>
      <div className="mt-2 text-xl leading-snug break-words text-[#1a0dab]">
        {clipWithEllipsis(title, SEO_TITLE_VISIBLE + 5) || 'Título da página'}
      </div>
      <p className="mt-1 text-sm leading-normal break-words text-[#4d5156]">
        {clipWithEllipsis(description, SEO_DESCRIPTION_VISIBLE + 5) || 'Descrição da página'}
      </p>
    </figure>
  );
}
