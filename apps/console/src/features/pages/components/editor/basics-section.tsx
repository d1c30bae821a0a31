import {
  PAGE_PURPOSE_LABELS,
  PAGE_PURPOSES,
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
} from '@vitrine/contracts';
import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { EDITOR_SECTIONS } from '../../page-checklist';
import { emptyToNull } from '../../page-form';
import { EditorSection } from '../editor-section';
import { TextField } from './form-fields';
import { useEditorForm } from './use-editor-form';
import type { TitleSuggestion } from './use-title-suggestion';

/** Title (with "Sugerir título"), listing code, status, purpose and property type. */
export function BasicsSection({ suggestion }: { suggestion: TitleSuggestion }) {
  const { register, formState } = useEditorForm();
  const errors = formState.errors;
  const { proposal } = suggestion;
  return (
    <EditorSection id={EDITOR_SECTIONS.basics} title="Básico" contentClassName="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2 sm:col-span-2">
        <FormField label="Título" error={errors.title?.message}>
          <Input maxLength={220} {...register('title')} />
        </FormField>
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={suggestion.pending}
            onClick={() => void suggestion.suggestTitle()}
          >
            <Sparkles aria-hidden="true" />
            {suggestion.pending ? 'Sugerindo...' : 'Sugerir título'}
          </Button>
          <span className="ml-2 text-xs text-muted-foreground">
            A partir do tipo, quartos, bairro e cidade.
          </span>
        </div>
        {proposal !== null && (
          <div
            role="group"
            aria-label="Título sugerido"
            className="grid gap-2 rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
          >
            <p>
              Sugestão: <strong className="font-semibold">{proposal}</strong>
            </p>
            <p className="text-xs">Seu título atual só muda se você escolher usar a sugestão.</p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                disabled={suggestion.pending}
                onClick={() => void suggestion.accept(proposal)}
              >
                Usar este título
              </Button>
              <Button size="sm" variant="outline" onClick={suggestion.dismiss}>
                Manter o meu
              </Button>
            </div>
          </div>
        )}
      </div>
      <TextField name="listing_code" label="Código do imóvel" placeholder="Ex.: AP-1234" maxLength={100} />
      <FormField label="Status" error={errors.status?.message}>
        <NativeSelect {...register('status')}>
          {PAGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAGE_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Finalidade" error={errors.purpose?.message}>
        <NativeSelect {...register('purpose')}>
          {PAGE_PURPOSES.map((p) => (
            <option key={p} value={p}>
              {PAGE_PURPOSE_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField label="Tipo do imóvel" error={errors.property_type?.message}>
        <NativeSelect {...register('property_type', { setValueAs: emptyToNull })}>
          <option value="">Selecione</option>
          {PROPERTY_TYPES.map((t) => (
            <option key={t} value={t}>
              {PROPERTY_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </EditorSection>
  );
}
