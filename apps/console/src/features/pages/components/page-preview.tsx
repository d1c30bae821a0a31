/**
 * Live preview of the public page: the server renders the editor's current values with the
 * landing's own renderer (POST /v1/pages/{id}/preview, nothing saved), a moment after the agent
 * stops typing. The HTML comes without scripts and is shown in a sandboxed frame (the landing
 * forbids being framed, so it is given as srcdoc): the form stays inert, the preview never counts as
 * a visit nor sends a lead, and the browser has nothing to block.
 */
import type { Page, UpdatePageInput } from '@vitrine/contracts';
import { ExternalLink, Monitor, RotateCw, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePagePreview } from '../api/preview-page';

export const PREVIEW_DEVICES = {
  phone: { width: 390, height: 844, label: 'Celular' },
  desktop: { width: 1280, height: 800, label: 'Computador' },
} as const;
export type PreviewDevice = keyof typeof PREVIEW_DEVICES;

/** How long typing must pause before the preview is asked again. */
export const PREVIEW_DEBOUNCE_MS = 500;

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(320);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth || 320);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** On screen the frame is never taller than this, so the sticky preview fits a laptop screen. */
const MAX_VISIBLE_HEIGHT = 540;

/**
 * A device-wide box scaled down to fit its column: the page lays out exactly as at the device's
 * width; the box is only as tall as fits, and scrolls inside.
 */
function DeviceFrame({ device, children }: { device: PreviewDevice; children: ReactNode }) {
  const [ref, available] = useWidth<HTMLDivElement>();
  const { width, height } = PREVIEW_DEVICES[device];
  const scale = Math.min(1, available / width);
  const frameHeight = Math.min(height, MAX_VISIBLE_HEIGHT / scale);
  return (
    // inline-size containment: the box is sized from the column, never the column from the box
    // (the box's width follows the measured width, which would otherwise feed back).
    <div ref={ref} className="w-full [contain:inline-size]">
      <div
        className="mx-auto overflow-hidden rounded-lg border bg-zinc-50 shadow-inner"
        style={{ width: width * scale, height: frameHeight * scale }}
      >
        <div
          style={{ width, height: frameHeight, transform: `scale(${scale})`, transformOrigin: 'top left' }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}

export function PagePreview({
  realEstateId,
  page,
  fields,
  debounceMs = PREVIEW_DEBOUNCE_MS,
}: {
  realEstateId: number;
  page: Page;
  /** The form's current values as PUT would send them; null while the form has errors. */
  fields: UpdatePageInput | null;
  debounceMs?: number;
}) {
  const [device, setDevice] = useState<PreviewDevice>('phone');
  const settled = useDebouncedValue(fields, debounceMs);
  const preview = usePagePreview(realEstateId, page, settled);
  const isPublic = page.status !== 'draft';
  const updating = preview.isFetching || settled !== fields;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Largura da pré-visualização"
          className="inline-flex rounded-md border p-0.5"
        >
          {(Object.keys(PREVIEW_DEVICES) as PreviewDevice[]).map((key) => {
            const Icon = key === 'phone' ? Smartphone : Monitor;
            return (
              <Button
                key={key}
                size="sm"
                variant={device === key ? 'secondary' : 'ghost'}
                aria-pressed={device === key}
                onClick={() => setDevice(key)}
                className="h-7"
              >
                <Icon aria-hidden="true" />
                {PREVIEW_DEVICES[key].label}
              </Button>
            );
          })}
        </div>
        {isPublic && (
          <Button variant="link" size="sm" asChild className="h-7 px-1">
            <a href={page.public_url} target="_blank" rel="noopener noreferrer">
              Abrir <ExternalLink aria-hidden="true" />
              <span className="sr-only">(abre em nova aba)</span>
            </a>
          </Button>
        )}
      </div>

      <p className="min-h-4 text-xs text-muted-foreground" role="status">
        {fields === null
          ? 'Corrija os campos destacados para atualizar a pré-visualização.'
          : preview.data !== undefined && updating
            ? 'Atualizando a pré-visualização...'
            : page.status === 'draft'
              ? 'Rascunho: é assim que a página vai aparecer depois de publicada.'
              : ''}
      </p>

      {preview.data !== undefined ? (
        <DeviceFrame device={device}>
          <iframe
            title={`Pré-visualização da página pública (${PREVIEW_DEVICES[device].label.toLowerCase()})`}
            srcDoc={preview.data}
            sandbox=""
            aria-busy={updating}
            className="size-full border-0 bg-white"
          />
        </DeviceFrame>
      ) : preview.isError ? (
        <Alert variant="danger">
          <p>Não foi possível montar a pré-visualização. {getApiErrorMessage(preview.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void preview.refetch()}>
            <RotateCw aria-hidden="true" /> Tentar novamente
          </Button>
        </Alert>
      ) : (
        <DeviceFrame device={device}>
          <div role="status" aria-label="Carregando a pré-visualização..." className="grid gap-4 p-4">
            <Skeleton className="aspect-[4/3] w-full" />
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-8 w-1/2" />
          </div>
        </DeviceFrame>
      )}
    </div>
  );
}
