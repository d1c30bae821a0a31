import type { Page } from '@vitrine/contracts';
import { ChevronDown, Eye } from 'lucide-react';
import { useState } from 'react';
import { useFormState, useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { pageChecklist } from '../page-checklist';
import type { PageFormInput, PageFormOutput } from '../page-form';
import { PageChecklistCard } from './page-checklist-card';
import { PagePreview, type DraftPreviewValues } from './page-preview';

type EditorControl = Control<PageFormInput, unknown, PageFormOutput>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const WIDE = '(min-width: 1280px)';

/**
 * The form's values as typed, for the checklist and the draft preview (useWatch here, so that the
 * form itself does not re-render on each keystroke).
 */
function useDraftValues(control: EditorControl): DraftPreviewValues & { whatsapp: string } {
  const v = useWatch({ control });
  return {
    title: str(v.title),
    purpose: v.purpose === 'rent' ? 'rent' : 'sale',
    property_type: v.property_type ?? null,
    price_cents: num(v.price_cents),
    condo_fee_cents: num(v.condo_fee_cents),
    iptu_cents: num(v.iptu_cents),
    area_m2: num(v.area_m2),
    bedrooms: num(v.bedrooms),
    suites: num(v.suites),
    bathrooms: num(v.bathrooms),
    parking_spaces: num(v.parking_spaces),
    neighborhood: str(v.neighborhood),
    city: str(v.city),
    state: str(v.state),
    description: str(v.description),
    features: (v.features ?? []).filter((f): f is string => typeof f === 'string'),
    listing_code: str(v.listing_code),
    whatsapp: str(v.whatsapp),
  };
}

/** The completeness checklist, following the form as it is typed and the photos as they arrive. */
export function EditorChecklist({ control, page }: { control: EditorControl; page: Page }) {
  const draft = useDraftValues(control);
  const items = pageChecklist({ ...draft, photos: page.photos });
  return <PageChecklistCard items={items} />;
}

/** The live preview card; folded at first on narrower screens, where the form comes first. */
export function EditorPreview({
  control,
  page,
  realEstateId,
}: {
  control: EditorControl;
  page: Page;
  realEstateId: number;
}) {
  const draft = useDraftValues(control);
  const { isDirty } = useFormState({ control });
  const [showPreview, setShowPreview] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(WIDE).matches,
  );
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 py-3 sm:py-3">
        <CardTitle className="flex items-center gap-2">
          <Eye className="size-4 text-muted-foreground" aria-hidden="true" /> Pré-visualização
        </CardTitle>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showPreview}
          aria-controls="page-preview-panel"
          onClick={() => setShowPreview((s) => !s)}
        >
          {showPreview ? 'Ocultar' : 'Mostrar'}
          <ChevronDown aria-hidden="true" className={showPreview ? 'rotate-180' : undefined} />
        </Button>
      </CardHeader>
      <CardContent id="page-preview-panel" hidden={!showPreview}>
        {showPreview && <PagePreview realEstateId={realEstateId} page={page} draft={draft} dirty={isDirty} />}
      </CardContent>
    </Card>
  );
}
