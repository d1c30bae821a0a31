import { slugify, suggestPageTitle, type Page } from '@vitrine/contracts';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useSuggestPageTitle } from '../../api/suggest-page-title';
import {
  isPlaceholderSlug,
  PLACEHOLDER_TITLE,
  type PageFormInput,
  type PageFormOutput,
} from '../../page-form';

/** The facts the title suggestion is built from. */
const TITLE_FACTS = ['property_type', 'purpose', 'bedrooms', 'neighborhood', 'city'] as const;

/**
 * "Sugerir título" (docs/product.md#pages): an empty or placeholder title, or one suggested here before, is
 * replaced at once; a title the agent wrote is kept until they choose "Usar este título"
 * (`proposal`).
 */
export function useTitleSuggestion(
  form: UseFormReturn<PageFormInput, unknown, PageFormOutput>,
  page: Page,
  realEstateId: number,
) {
  const { getValues, setValue, resetField, formState } = form;
  const suggest = useSuggestPageTitle(realEstateId, page.id);
  // A title this editor suggested is not "the agent's own": suggesting again replaces it at once.
  const lastSuggestion = useRef<string | null>(null);
  const [proposal, setProposal] = useState<string | null>(null);

  /** The title the facts typed in the form give (the server builds the same one, shared code). */
  const titleFromForm = () => {
    const v = getValues();
    return suggestPageTitle({
      property_type: v.property_type,
      purpose: v.purpose,
      bedrooms: typeof v.bedrooms === 'number' && Number.isFinite(v.bedrooms) ? v.bedrooms : null,
      neighborhood: v.neighborhood,
      city: v.city,
    });
  };

  const applySuggestion = async (suggestion: string) => {
    setProposal(null);
    const factsChanged = TITLE_FACTS.some((f) => formState.dirtyFields[f]);
    let title = suggestion;
    if (factsChanged) {
      // Unsaved facts: the server would suggest from the saved ones, so the typed ones are used.
      setValue('title', title, { shouldDirty: true, shouldValidate: true });
    } else {
      try {
        // PATCH /v1/pages/{id}/get-title suggests and saves (docs/product.md#pages).
        const saved = await suggest.mutateAsync();
        title = saved.title;
        resetField('title', { defaultValue: title });
      } catch (error) {
        toast({
          variant: 'danger',
          title: 'Não foi possível sugerir um título',
          description: getApiErrorMessage(error),
        });
        return;
      }
    }
    lastSuggestion.current = title;
    // A draft still at the placeholder address gets one from its real title.
    if (page.status === 'draft' && isPlaceholderSlug(getValues('slug'))) {
      setValue('slug', slugify(title), { shouldDirty: true });
    }
    toast({
      variant: 'success',
      title: 'Título sugerido',
      description: factsChanged ? 'Salve para manter o novo título.' : 'O novo título já foi salvo.',
    });
  };

  const suggestTitle = async () => {
    const suggestion = titleFromForm();
    const current = getValues('title').trim();
    const own =
      current !== '' &&
      current !== PLACEHOLDER_TITLE &&
      current !== lastSuggestion.current &&
      current !== suggestion;
    if (own) {
      setProposal(suggestion);
      return;
    }
    await applySuggestion(suggestion);
  };

  return {
    proposal,
    pending: suggest.isPending,
    suggestTitle,
    accept: (suggestion: string) => applySuggestion(suggestion),
    dismiss: () => setProposal(null),
  };
}

export type TitleSuggestion = ReturnType<typeof useTitleSuggestion>;
