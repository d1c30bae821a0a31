/**
 * The page editor (/paginas/:id): react-hook-form with the contract's schema, sections from the
 * basics to SEO, photos managed beside the form, status actions (publish, unpublish, sold/rented),
 * a guard against leaving with unsaved changes, the completeness checklist and the live preview.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  BRAZILIAN_STATES,
  PAGE_PURPOSE_LABELS,
  PAGE_PURPOSES,
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  slugify,
  suggestPageTitle,
  type Page,
  type PageStatus,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import {
  CheckCircle2,
  EyeOff,
  MoreHorizontal,
  Rocket,
  RotateCcw,
  Save,
  Sparkles,
  Trash2,
  Undo2,
} from 'lucide-react';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Controller, FormProvider, useForm, useWatch, type Control } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors, getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/utils';
import { useDeletePage } from '../api/delete-pages';
import { useSuggestPageTitle } from '../api/suggest-page-title';
import { useUpdatePage } from '../api/update-page';
import { EDITOR_SECTIONS } from '../page-checklist';
import {
  emptyToNull,
  isPlaceholderSlug,
  numberOrNull,
  PAGE_FIELD_NAMES,
  pageFormSchema,
  PLACEHOLDER_TITLE,
  toFormValues,
  type PageFieldName,
  type PageFormInput,
  type PageFormOutput,
} from '../page-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EditorChecklist, EditorPreview } from './editor-aside';
import { EditorSection } from './editor-section';
import { FeaturesInput } from './features-input';
import { MoneyInput } from './money-input';
import { PageStatusBadge } from './page-status-badge';
import { PhotosManager } from './photos-manager';
import { SeoFields } from './seo-fields';

const DESCRIPTION_MAX = 5000;
const MONEY_TYPED_WRONG = 'Informe um valor em reais, como 850.000,00.';
/** The facts the title suggestion is built from. */
const TITLE_FACTS = ['property_type', 'purpose', 'bedrooms', 'neighborhood', 'city'] as const;

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

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

type Confirm = 'unpublish' | 'delete' | null;

export function PageEditor({ page, realEstateId }: { page: Page; realEstateId: number }) {
  const navigate = useNavigate();
  const form = useForm<PageFormInput, unknown, PageFormOutput>({
    resolver: zodResolver(pageFormSchema),
    defaultValues: toFormValues(page),
  });
  const { register, handleSubmit, setError, reset, control, formState, getValues, setValue, resetField } =
    form;
  const errors = formState.errors;
  const update = useUpdatePage(realEstateId, page.id);
  const suggest = useSuggestPageTitle(realEstateId, page.id);
  const remove = useDeletePage(realEstateId);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [savingStatus, setSavingStatus] = useState<PageStatus | 'fields' | null>(null);
  const leaving = useRef(false);
  const purpose = useWatch({ control, name: 'purpose' });

  const isDirty = formState.isDirty;
  const busy = savingStatus !== null || formState.isSubmitting;

  // Leaving with unsaved changes asks first: in the app (router blocker) and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  /** Saves every field, with `status` changed when a status action asked for it. */
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

  const suggestTitle = async () => {
    const dirty = formState.dirtyFields;
    const factsChanged = TITLE_FACTS.some((f) => dirty[f]);
    let title: string;
    if (factsChanged) {
      // Unsaved facts: the server would suggest from the saved ones, so suggest from what is typed.
      const v = getValues();
      title = suggestPageTitle({
        property_type: v.property_type,
        purpose: v.purpose,
        bedrooms: typeof v.bedrooms === 'number' && Number.isFinite(v.bedrooms) ? v.bedrooms : null,
        neighborhood: v.neighborhood,
        city: v.city,
      });
      setValue('title', title, { shouldDirty: true, shouldValidate: true });
    } else {
      try {
        const saved = await suggest.mutateAsync();
        title = saved.title;
        // Saved on the server: the field's clean value is the new title.
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

  const deletePage = async () => {
    try {
      await remove.mutateAsync(page.id);
      leaving.current = true;
      toast({ variant: 'success', title: 'Página excluída', description: page.title });
      navigate(paths.pages);
    } catch (error) {
      toast({ variant: 'danger', title: 'Erro ao excluir a página', description: getApiErrorMessage(error) });
    }
  };

  const closedStatus: PageStatus = purpose === 'rent' ? 'rented' : 'sold';
  const isPublic = page.status !== 'draft';

  const text = (
    name: PageFieldName,
    label: string,
    props: ComponentProps<typeof Input> = {},
    className?: string,
  ) => (
    <FormField label={label} error={errors[name]?.message} className={className}>
      <Input {...props} {...register(name)} />
    </FormField>
  );
  const number = (name: PageFieldName, label: string, props: ComponentProps<typeof Input> = {}) => (
    <FormField label={label} error={errors[name]?.message}>
      <Input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        {...props}
        {...register(name, { setValueAs: numberOrNull })}
      />
    </FormField>
  );

  const statusActions = (
    <>
      {page.status === 'draft' && (
        <Button disabled={busy} onClick={() => void save('published')}>
          <Rocket aria-hidden="true" />
          {savingStatus === 'published' ? 'Publicando...' : 'Publicar'}
        </Button>
      )}
      {page.status === 'published' && (
        <Button variant="outline" disabled={busy} onClick={() => setConfirm('unpublish')}>
          <EyeOff aria-hidden="true" />
          {savingStatus === 'draft' ? 'Despublicando...' : 'Despublicar'}
        </Button>
      )}
      {(page.status === 'sold' || page.status === 'rented') && (
        <Button disabled={busy} onClick={() => void save('published')}>
          <RotateCcw aria-hidden="true" /> Voltar a anunciar
        </Button>
      )}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="Mais ações da página">
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {page.status === 'published' && (
            <DropdownMenuItem disabled={busy} onSelect={() => void save(closedStatus)}>
              <CheckCircle2 aria-hidden="true" />
              {closedStatus === 'sold' ? 'Marcar como vendido' : 'Marcar como alugado'}
            </DropdownMenuItem>
          )}
          {(page.status === 'sold' || page.status === 'rented') && (
            <DropdownMenuItem disabled={busy} onSelect={() => void save('draft')}>
              <Undo2 aria-hidden="true" /> Voltar para rascunho
            </DropdownMenuItem>
          )}
          {page.status === 'draft' && (
            <DropdownMenuItem disabled={busy} onSelect={() => void save(closedStatus)}>
              <CheckCircle2 aria-hidden="true" />
              {closedStatus === 'sold' ? 'Marcar como vendido' : 'Marcar como alugado'}
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            className="text-destructive data-[highlighted]:text-destructive"
            onSelect={() => setConfirm('delete')}
          >
            <Trash2 aria-hidden="true" className="!text-destructive" /> Excluir página
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );

  return (
    <PageLayout
      title={page.title}
      description={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <PageStatusBadge status={page.status} />
          {isPublic ? (
            <a
              href={page.public_url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 break-all text-primary underline-offset-4 hover:underline"
            >
              {page.public_url.replace(/^https?:\/\//, '')}
              <span className="sr-only"> (abre em nova aba)</span>
            </a>
          ) : (
            <span>Rascunho: ainda não está no ar.</span>
          )}
        </span>
      }
      backUrl={paths.pages}
      breadcrumbs={[
        { title: 'Dashboard', href: paths.dashboard },
        { title: 'Páginas', href: paths.pages },
        { title: page.title },
      ]}
      actions={statusActions}
    >
      <FormProvider {...form}>
        <form
          noValidate
          aria-label="Editar página"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start"
        >
          <div className="grid min-w-0 gap-6">
            <EditorChecklist control={control} page={page} />
            {formError && <Alert variant="danger">{formError}</Alert>}
            {page.title === PLACEHOLDER_TITLE && (
              <Alert variant="info">
                Preencha o tipo, os quartos e o bairro e use <strong>Sugerir título</strong>, ou escreva o
                seu.
              </Alert>
            )}

            <EditorSection
              id={EDITOR_SECTIONS.basics}
              title="Básico"
              contentClassName="grid gap-4 sm:grid-cols-2"
            >
              <div className="grid gap-2 sm:col-span-2">
                <FormField label="Título" error={errors.title?.message}>
                  <Input maxLength={220} {...register('title')} />
                </FormField>
                <div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={suggest.isPending}
                    onClick={() => void suggestTitle()}
                  >
                    <Sparkles aria-hidden="true" />
                    {suggest.isPending ? 'Sugerindo...' : 'Sugerir título'}
                  </Button>
                  <span className="ml-2 text-xs text-muted-foreground">
                    A partir do tipo, quartos, bairro e cidade.
                  </span>
                </div>
              </div>
              {text('listing_code', 'Código do imóvel', { placeholder: 'Ex.: AP-1234', maxLength: 100 })}
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

            <EditorSection
              id={EDITOR_SECTIONS.values}
              title="Valores"
              description="Em reais. Sem preço, a página mostra “Consulte”."
              contentClassName="grid gap-4 sm:grid-cols-3"
            >
              <MoneyField
                control={control}
                name="price_cents"
                label={purpose === 'rent' ? 'Aluguel (mensal)' : 'Preço de venda'}
              />
              <MoneyField control={control} name="condo_fee_cents" label="Condomínio (mensal)" />
              <MoneyField control={control} name="iptu_cents" label="IPTU" />
            </EditorSection>

            <EditorSection
              id={EDITOR_SECTIONS.features}
              title="Características"
              contentClassName="grid gap-4"
            >
              <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
                {number('area_m2', 'Área (m²)')}
                {number('bedrooms', 'Quartos')}
                {number('suites', 'Suítes')}
                {number('bathrooms', 'Banheiros')}
                {number('parking_spaces', 'Vagas')}
              </div>
              <Controller
                control={control}
                name="features"
                render={({ field, fieldState }) => (
                  <FormField
                    label="Diferenciais"
                    error={
                      fieldState.error?.message ??
                      (Array.isArray(errors.features) ? errors.features.find(Boolean)?.message : undefined)
                    }
                    hint="Pressione Enter ou vírgula para adicionar."
                  >
                    <FeaturesInput
                      value={field.value ?? []}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  </FormField>
                )}
              />
            </EditorSection>

            <EditorSection
              id={EDITOR_SECTIONS.address}
              title="Endereço"
              description="Bairro e cidade aparecem na página; o mapa usa o endereço ou as coordenadas."
              contentClassName="grid gap-4 sm:grid-cols-6"
            >
              {text(
                'zip_code',
                'CEP',
                { inputMode: 'numeric', autoComplete: 'postal-code', placeholder: '00000-000', maxLength: 9 },
                'sm:col-span-2',
              )}
              {text(
                'address',
                'Endereço',
                { autoComplete: 'street-address', placeholder: 'Rua, número e complemento' },
                'sm:col-span-4',
              )}
              {text('neighborhood', 'Bairro', {}, 'sm:col-span-2')}
              {text('city', 'Cidade', { autoComplete: 'address-level2' }, 'sm:col-span-3')}
              <FormField label="UF" error={errors.state?.message} className="sm:col-span-1">
                <NativeSelect {...register('state')}>
                  <option value="">UF</option>
                  {BRAZILIAN_STATES.map((uf) => (
                    <option key={uf} value={uf}>
                      {uf}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
              <FormField label="Latitude" error={errors.latitude?.message} className="sm:col-span-3">
                <Input
                  inputMode="decimal"
                  placeholder="-23,5632"
                  {...register('latitude', { setValueAs: numberOrNull })}
                />
              </FormField>
              <FormField label="Longitude" error={errors.longitude?.message} className="sm:col-span-3">
                <Input
                  inputMode="decimal"
                  placeholder="-46,6841"
                  {...register('longitude', { setValueAs: numberOrNull })}
                />
              </FormField>
            </EditorSection>

            <EditorSection id={EDITOR_SECTIONS.description} title="Descrição">
              <DescriptionField control={control} />
            </EditorSection>

            <EditorSection
              id={EDITOR_SECTIONS.photos}
              title="Fotos"
              description="Arraste para reordenar (ou use o botão de mover com espaço e as setas). A primeira foto é a capa. As fotos são salvas na hora."
            >
              <PhotosManager realEstateId={realEstateId} page={page} />
            </EditorSection>

            <EditorSection
              id={EDITOR_SECTIONS.contact}
              title="Contato"
              description="Para onde vão os cliques no botão de WhatsApp da página."
              contentClassName="grid gap-4 sm:grid-cols-2"
            >
              {text('whatsapp', 'WhatsApp', {
                type: 'tel',
                inputMode: 'tel',
                autoComplete: 'tel',
                placeholder: '(11) 98888-7777',
              })}
              {text('call_to_action', 'Texto do botão do formulário', {
                placeholder: 'Quero mais informações',
                maxLength: 60,
              })}
            </EditorSection>

            <EditorSection
              id={EDITOR_SECTIONS.seo}
              title="SEO e endereço"
              description="Como a página aparece no Google e no link compartilhado."
            >
              <SeoFields publicUrl={page.public_url} isPublic={isPublic} />
            </EditorSection>

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
                  <>Salva em {dateTime.format(new Date(page.updated_at))}</>
                )}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="ghost"
                  disabled={!isDirty || busy}
                  onClick={() => {
                    reset();
                    setFormError(null);
                  }}
                >
                  Descartar
                </Button>
                <Button type="submit" disabled={!isDirty || busy}>
                  <Save aria-hidden="true" />
                  {savingStatus === 'fields' ? 'Salvando...' : 'Salvar'}
                </Button>
              </div>
            </div>
          </div>

          <aside
            aria-label="Pré-visualização"
            className="order-first min-w-0 xl:sticky xl:top-4 xl:order-none"
          >
            <EditorPreview control={control} page={page} realEstateId={realEstateId} />
            <p className="mt-3 hidden px-1 text-xs text-muted-foreground xl:block">
              Criada em {formatDate(page.created_at)}
              {page.source === 'catalog' ? ' · importada do catálogo' : ''}
              {page.leads_count ? ` · ${page.leads_count} ${page.leads_count === 1 ? 'lead' : 'leads'}` : ''}
            </p>
          </aside>
        </form>
      </FormProvider>

      <ConfirmDialog
        open={confirm === 'unpublish'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Despublicar esta página?"
        description="Ela sai do ar e o endereço público passa a responder “não encontrado” até você publicar de novo. As alterações do formulário também são salvas."
        confirmLabel="Despublicar"
        onConfirm={() => {
          setConfirm(null);
          void save('draft');
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Excluir esta página?"
        description="A página e suas fotos deixam de existir e o endereço público para de funcionar. Os leads já recebidos continuam em Leads. Não é possível desfazer."
        confirmLabel="Excluir página"
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          setConfirm(null);
          void deletePage();
        }}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => {
          if (!open && blocker.state === 'blocked') blocker.reset();
        }}
        title="Sair sem salvar?"
        description="Você tem alterações que ainda não foram salvas nesta página. Se sair agora, elas serão perdidas."
        confirmLabel="Sair sem salvar"
        cancelLabel="Continuar editando"
        destructive
        onConfirm={() => {
          if (blocker.state === 'blocked') blocker.proceed();
        }}
      />
    </PageLayout>
  );
}

function MoneyField({
  control,
  name,
  label,
}: {
  control: Control<PageFormInput, unknown, PageFormOutput>;
  name: 'price_cents' | 'condo_fee_cents' | 'iptu_cents';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormField
          label={label}
          error={
            fieldState.error
              ? typeof field.value === 'number' && Number.isNaN(field.value)
                ? MONEY_TYPED_WRONG
                : fieldState.error.message
              : undefined
          }
        >
          <MoneyInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

function DescriptionField({ control }: { control: Control<PageFormInput, unknown, PageFormOutput> }) {
  return (
    <Controller
      control={control}
      name="description"
      render={({ field, fieldState }) => {
        const length = (field.value ?? '').length;
        return (
          <FormField
            label="Sobre o imóvel"
            error={fieldState.error?.message}
            hint={
              <span className={length > DESCRIPTION_MAX ? 'text-destructive' : undefined}>
                {length.toLocaleString('pt-BR')}/{DESCRIPTION_MAX.toLocaleString('pt-BR')} caracteres ·
                parágrafos separados por uma linha em branco
              </span>
            }
          >
            <Textarea
              ref={field.ref}
              name={field.name}
              rows={8}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="O que o imóvel tem de especial: reforma, vista, lazer do condomínio, transporte perto..."
            />
          </FormField>
        );
      }}
    />
  );
}
