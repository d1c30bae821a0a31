import type { Page, PageStatus } from '@vitrine/contracts';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useUpdatePage } from '../../api/update-page';
import { PAGE_FIELD_NAMES, toFormValues, type PageFormInput, type PageFormOutput } from '../../page-form';

/** What each status change is called, and what the toast says after it. */
const STATUS_ACTIONS: Record<PageStatus, { done: string; detail: string }> = {
  published: { done: 'Página publicada!', detail: 'Ela já está no ar e pode receber leads.' },
  draft: { done: 'Página despublicada', detail: 'Ela saiu do ar e voltou a ser um rascunho.' },
  sold: {
    done: 'Imóvel marcado como vendido',
    detail: 'A página continua no ar, com um aviso e imóveis parecidos.',
  },
  rented: {
    done: 'Imóvel marcado como alugado',
    detail: 'A página continua no ar, com um aviso e imóveis parecidos.',
  },
};

export type SavingStatus = PageStatus | 'fields' | null;

/**
 * Saving the form: every field, with `status` changed when a status action asks for it. The server's
 * 422 errors land on their fields; the rest is `formError`, shown above the form.
 */
export function useSavePage(
  form: UseFormReturn<PageFormInput, unknown, PageFormOutput>,
  page: Page,
  realEstateId: number,
) {
  const update = useUpdatePage(realEstateId, page.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [savingStatus, setSavingStatus] = useState<SavingStatus>(null);
  const { handleSubmit, reset, setError } = form;

  const save = (status?: PageStatus) =>
    handleSubmit(
      async (values) => {
        setFormError(null);
        setSavingStatus(status ?? 'fields');
        try {
          const saved = await update.mutateAsync(status ? { ...values, status } : values);
          reset(toFormValues(saved));
          const action = status && status !== page.status ? STATUS_ACTIONS[status] : null;
          toast({
            variant: 'success',
            title: action?.done ?? 'Página salva!',
            description: action?.detail ?? 'As alterações foram salvas.',
          });
        } catch (error) {
          const rest = applyServerErrors(error, setError, PAGE_FIELD_NAMES);
          setFormError(rest);
          toast({
            variant: 'danger',
            title: 'Erro ao salvar a página',
            description: rest ?? 'Revise os campos destacados.',
          });
        } finally {
          setSavingStatus(null);
        }
      },
      () => {
        toast({
          variant: 'danger',
          title: status === 'published' ? 'Não foi possível publicar' : 'Revise os campos destacados',
          description: 'Há campos com erro no formulário.',
        });
      },
    )();

  const discard = () => {
    reset();
    setFormError(null);
  };

  return {
    save,
    discard,
    formError,
    savingStatus,
    busy: savingStatus !== null || form.formState.isSubmitting,
  };
}
