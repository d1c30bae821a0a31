import type { Page } from '@vitrine/contracts';
import { Save } from 'lucide-react';
import { useFormState } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/datetime';
import { useEditorForm } from './use-editor-form';
import type { SavingStatus } from './use-save-page';

/** The bar stuck to the bottom of the form: unsaved or when saved, discard and save. */
export function SaveBar({
  page,
  busy,
  savingStatus,
  onDiscard,
}: {
  page: Page;
  busy: boolean;
  savingStatus: SavingStatus;
  onDiscard: () => void;
}) {
  const { control } = useEditorForm();
  const { isDirty } = useFormState({ control });
  return (
    <div
      // On phones it stops short of the floating help button in the corner.
      className="sticky bottom-3 z-20 flex flex-wrap items-center justify-between gap-x-3 gap-y-2 rounded-xl border bg-background/95 px-4 py-3 shadow-lg backdrop-blur max-sm:mr-14 max-sm:px-3 max-sm:py-2"
      role="region"
      aria-label="Salvar alterações"
    >
      <p className="text-sm text-muted-foreground max-sm:text-xs" aria-live="polite">
        {isDirty ? (
          <span className="font-medium text-amber-700">Alterações não salvas</span>
        ) : (
          <>Salva em {formatDateTime(page.updated_at)}</>
        )}
      </p>
      <div className="flex gap-2">
        <Button variant="ghost" disabled={!isDirty || busy} onClick={onDiscard}>
          Descartar
        </Button>
        <Button type="submit" disabled={!isDirty || busy}>
          <Save aria-hidden="true" />
          {savingStatus === 'fields' ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </div>
  );
}
