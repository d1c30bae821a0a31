import type { Page, UpdatePageInput } from '@vitrine/contracts';
import { ChevronDown, Eye } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { pageChecklist } from '../page-checklist';
import { pageFormSchema, type PageFormInput, type PageFormOutput } from '../page-form';
import { PageChecklistCard } from './page-checklist-card';
import { PagePreview } from './page-preview';

type EditorControl = Control<PageFormInput, unknown, PageFormOutput>;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const WIDE = '(min-width: 1280px)';

/**
 * The form's values as typed, for the checklist (useWatch here, so that the form itself does not
 * re-render on each keystroke).
 */
function useChecklistFacts(control: EditorControl) {
  const v = useWatch({ control });
  return {
    title: str(v.title),
    price_cents: num(v.price_cents),
    description: str(v.description),
    neighborhood: str(v.neighborhood),
    city: str(v.city),
    property_type: v.property_type ?? null,
    bedrooms: num(v.bedrooms),
    area_m2: num(v.area_m2),
    whatsapp: str(v.whatsapp),
  };
}

/**
 * The form's values as PUT would send them (the same schema), or null while a field has an error.
 * The same object while the values stay the same, so that the preview waits for typing to pause.
 */
function usePreviewFields(control: EditorControl): UpdatePageInput | null {
  const values = useWatch({ control });
  const parsed = pageFormSchema.safeParse(values);
  const json = parsed.success ? JSON.stringify(parsed.data) : null;
  return useMemo(() => (json === null ? null : (JSON.parse(json) as UpdatePageInput)), [json]);
}

/** The completeness checklist, following the form as it is typed and the photos as they arrive. */
export function EditorChecklist({ control, page }: { control: EditorControl; page: Page }) {
  const facts = useChecklistFacts(control);
  const items = pageChecklist({ ...facts, photos: page.photos });
  return <PageChecklistCard items={items} />;
}

type PreviewProps = { control: EditorControl; page: Page; realEstateId: number };

/** The live preview card; folded at first on narrower screens, where the form comes first. */
export function EditorPreview({ control, page, realEstateId }: PreviewProps) {
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
        {showPreview && <LivePreview control={control} page={page} realEstateId={realEstateId} />}
      </CardContent>
    </Card>
  );
}

/** Mounted only while the preview is shown: the form is parsed on each keystroke only then. */
function LivePreview({ control, page, realEstateId }: PreviewProps) {
  const fields = usePreviewFields(control);
  return <PagePreview realEstateId={realEstateId} page={page} fields={fields} />;
}
