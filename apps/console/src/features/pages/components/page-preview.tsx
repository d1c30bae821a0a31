/**
 * Live preview of the public page. Published (and sold/rented) pages show the real HTML of
 * /imoveis/{slug}, fetched and shown in a sandboxed frame: the landing forbids being framed
 * (frame-ancestors 'none'), and the sandbox also keeps its script, form and tracker inert so that a
 * preview never counts as a visit nor sends a lead. Drafts are 404 publicly, so they get a close
 * client-side rendition of the landing built from the form (unsaved edits included).
 */
import type { Page, PagePhotoView } from '@vitrine/contracts';
import { PROPERTY_TYPE_LABELS, type PagePurpose, type PropertyType } from '@vitrine/contracts';
import { landingPath } from '@vitrine/contracts/paths';
import { ExternalLink, Info, Monitor, RotateCw, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { getApiErrorMessage } from '@/lib/api-errors';
import { cn } from '@/lib/utils';
import { usePagePreviewHtml } from '../api/get-page-preview';
import { formatBRL } from '../money';
import { photoSrc } from '../photo-url';

export const PREVIEW_DEVICES = {
  phone: { width: 390, height: 844, label: 'Celular' },
  desktop: { width: 1280, height: 800, label: 'Computador' },
} as const;
export type PreviewDevice = keyof typeof PREVIEW_DEVICES;

export interface DraftPreviewValues {
  title: string;
  purpose: PagePurpose;
  property_type: PropertyType | null;
  price_cents: number | null;
  condo_fee_cents: number | null;
  iptu_cents: number | null;
  area_m2: number | null;
  bedrooms: number | null;
  suites: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  neighborhood: string;
  city: string;
  state: string;
  description: string;
  features: string[];
  listing_code: string;
}

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
  draft,
  dirty,
}: {
  realEstateId: number;
  page: Page;
  /** The form's current values, for the draft rendition. */
  draft: DraftPreviewValues;
  dirty: boolean;
}) {
  const [device, setDevice] = useState<PreviewDevice>('phone');
  const isPublic = page.status !== 'draft';
  const html = usePagePreviewHtml(realEstateId, page, isPublic);

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
            <a href={landingPath(page.slug)} target="_blank" rel="noopener noreferrer">
              Abrir <ExternalLink aria-hidden="true" />
              <span className="sr-only">(abre em nova aba)</span>
            </a>
          </Button>
        )}
      </div>

      {isPublic ? (
        <>
          {dirty && (
            <p className="text-xs text-muted-foreground" role="status">
              Mostrando a versão salva. Salve para ver suas alterações aqui.
            </p>
          )}
          {html.isPending ? (
            <DeviceFrame device={device}>
              <div role="status" aria-label="Carregando a pré-visualização..." className="grid gap-4 p-4">
                <Skeleton className="aspect-[4/3] w-full" />
                <Skeleton className="h-6 w-3/4" />
                <Skeleton className="h-8 w-1/2" />
              </div>
            </DeviceFrame>
          ) : html.isError ? (
            <Alert variant="danger">
              <p>Não foi possível carregar a página pública. {getApiErrorMessage(html.error)}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void html.refetch()}>
                <RotateCw aria-hidden="true" /> Tentar novamente
              </Button>
            </Alert>
          ) : (
            <DeviceFrame device={device}>
              <iframe
                title={`Pré-visualização da página pública (${PREVIEW_DEVICES[device].label.toLowerCase()})`}
                srcDoc={html.data}
                sandbox=""
                className="size-full border-0 bg-white"
              />
            </DeviceFrame>
          )}
        </>
      ) : (
        <>
          <p className="flex gap-1.5 text-xs text-muted-foreground">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            <span>
              Rascunhos não ficam no ar: esta é uma{' '}
              <strong className="font-medium text-foreground">prévia aproximada</strong> com o que você
              digitou. Depois de publicar, aqui aparece a página real.
            </span>
          </p>
          <DeviceFrame device={device}>
            <DraftRendition values={draft} photos={page.photos} wide={device === 'desktop'} />
          </DeviceFrame>
        </>
      )}
    </div>
  );
}

/** The landing's own wording (badge and price), so the rendition reads like the real page. */
const LANDING_PURPOSE: Record<PagePurpose, string> = { sale: 'À venda', rent: 'Para alugar' };
const wholeReais = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  maximumFractionDigits: 0,
});
const landingPrice = (cents: number | null) =>
  cents === null ? 'Consulte' : cents % 100 === 0 ? wholeReais.format(cents / 100) : formatBRL(cents);

const factsOf = (v: DraftPreviewValues) =>
  [
    v.area_m2 ? `${v.area_m2} m²` : null,
    v.bedrooms !== null ? `${v.bedrooms} ${v.bedrooms === 1 ? 'quarto' : 'quartos'}` : null,
    v.suites ? `${v.suites} ${v.suites === 1 ? 'suíte' : 'suítes'}` : null,
    v.bathrooms !== null ? `${v.bathrooms} ${v.bathrooms === 1 ? 'banheiro' : 'banheiros'}` : null,
    v.parking_spaces ? `${v.parking_spaces} ${v.parking_spaces === 1 ? 'vaga' : 'vagas'}` : null,
  ].filter((f): f is string => f !== null);

/** The landing's layout in miniature (same colours and order), from unsaved values. */
function DraftRendition({
  values: v,
  photos,
  wide,
}: {
  values: DraftPreviewValues;
  photos: readonly PagePhotoView[];
  wide: boolean;
}) {
  const cover = photos[0];
  const where = [v.neighborhood, [v.city, v.state].filter(Boolean).join('/')].filter(Boolean).join(', ');
  const type = v.property_type ? PROPERTY_TYPE_LABELS[v.property_type] : 'Imóvel';
  const money = (cents: number | null) => (cents !== null && Number.isFinite(cents) ? cents : null);
  const fees = [
    money(v.condo_fee_cents) ? `Condomínio ${formatBRL(v.condo_fee_cents)}` : null,
    money(v.iptu_cents) ? `IPTU ${formatBRL(v.iptu_cents)}` : null,
  ].filter(Boolean);
  const facts = factsOf(v);
  return (
    <div aria-hidden="true" className="h-full overflow-y-auto bg-[#fafafa] text-[#18181b]">
      <div className="border-b bg-white px-4 py-3 text-sm font-bold">Sua imobiliária</div>
      <div className={cn('bg-zinc-200', wide ? 'aspect-[21/9] max-h-[420px]' : 'aspect-[4/3]')}>
        {cover && <img src={photoSrc(cover, wide ? 1280 : 390)} alt="" className="size-full object-cover" />}
      </div>
      <div className={cn('grid gap-6 px-4 py-6', wide && 'mx-auto max-w-[1120px] grid-cols-[1fr_360px]')}>
        <div>
          <span className="mb-2 inline-block rounded-full bg-[#ccfbf1] px-2.5 py-0.5 text-[13px] font-semibold text-[#115e59]">
            {LANDING_PURPOSE[v.purpose]}
            {v.listing_code ? ` · Cód. ${v.listing_code}` : ''}
          </span>
          <h1 className="text-2xl leading-tight font-bold break-words">{v.title || 'Título da página'}</h1>
          {where && (
            <p className="mt-1 text-[#52525b]">
              {type} em {where}
            </p>
          )}
          <p className="mt-3 text-[28px] font-bold">
            {landingPrice(money(v.price_cents))}
            {v.purpose === 'rent' && money(v.price_cents) ? <small>/mês</small> : null}
          </p>
          {fees.length > 0 && <p className="text-sm text-[#52525b]">{fees.join(' · ')}</p>}
          {facts.length > 0 && (
            <ul className="my-4 flex flex-wrap gap-2">
              {facts.map((f) => (
                <li key={f} className="rounded-lg border bg-white px-3 py-2 text-sm">
                  {f}
                </li>
              ))}
            </ul>
          )}
          {v.description && (
            <section className="mt-6">
              <h2 className="mb-2 text-lg font-bold">Sobre o imóvel</h2>
              <p className="line-clamp-6 whitespace-pre-line">{v.description}</p>
            </section>
          )}
          {v.features.length > 0 && (
            <section className="mt-6">
              <h2 className="mb-2 text-lg font-bold">Características</h2>
              <ul className="list-disc columns-2 pl-5">
                {v.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="h-fit rounded-xl border bg-white p-5">
          <h2 className="text-lg font-bold">Fale com a imobiliária</h2>
          <div className="mt-3 grid gap-2">
            {['Nome', 'Telefone com DDD', 'E-mail'].map((label) => (
              <div key={label}>
                <div className="text-sm font-semibold">{label}</div>
                <div className="mt-1 h-10 rounded-lg border border-zinc-300 bg-white" />
              </div>
            ))}
            <div className="mt-2 flex min-h-12 items-center justify-center rounded-lg bg-[#0f766e] font-bold text-white">
              Quero mais informações
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
