import { zodResolver } from '@hookform/resolvers/zod';
import { pageFields } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Plus } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors } from '@/lib/api-errors';
import { submitHandler } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useCreatePage } from '../api/create-page';
import { PLACEHOLDER_TITLE } from '../page-form';

const newPageSchema = pageFields.pick({ title: true });
type NewPageInput = z.input<typeof newPageSchema>;

/**
 * "Nova página": only the title (or "Sugerir depois", which creates the draft with a placeholder the
 * editor's "Sugerir título" replaces once type, bedrooms and neighbourhood are in), then the editor.
 */
export function NewPageDialog({ realEstateId, trigger }: { realEstateId: number; trigger: ReactElement }) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const navigate = useNavigate();
  const create = useCreatePage(realEstateId);
  const { register, handleSubmit, setError, reset, formState } = useForm<NewPageInput>({
    resolver: zodResolver(newPageSchema),
    defaultValues: { title: '' },
  });

  const submit = async (title: string) => {
    setFormError(null);
    try {
      const page = await create.mutateAsync({ title });
      setOpen(false);
      toast({
        variant: 'success',
        title: 'Página criada',
        description: 'Complete os dados e publique quando quiser.',
      });
      void navigate(paths.page(page.id));
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['title']));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          reset();
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Nova página"
        description="Comece pelo título. O resto (preço, fotos, endereço) você completa no editor."
      >
        <form
          noValidate
          onSubmit={submitHandler(handleSubmit(({ title }) => submit(title)))}
          className="grid gap-4"
        >
          {formError && <Alert variant="danger">{formError}</Alert>}
          <FormField
            label="Título do anúncio"
            error={formState.errors.title?.message}
            hint="Ex.: Apartamento com 3 quartos em Pinheiros"
          >
            <Input autoFocus autoComplete="off" maxLength={200} {...register('title')} />
          </FormField>
          <DialogFooter className="mt-1">
            <Button
              variant="outline"
              disabled={formState.isSubmitting || create.isPending}
              onClick={() => void submit(PLACEHOLDER_TITLE)}
            >
              Sugerir depois
            </Button>
            <Button type="submit" disabled={formState.isSubmitting || create.isPending}>
              <Plus aria-hidden="true" />
              {create.isPending ? 'Criando...' : 'Criar página'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
