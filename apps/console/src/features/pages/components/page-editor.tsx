/**
 * The page editor (/paginas/:id): react-hook-form with the contract's schema, sections from the
 * basics to SEO, photos managed beside the form, status actions (publish, unpublish, sold/rented),
 * a guard against leaving with unsaved changes, the completeness checklist and the live preview.
 *
 * The parts live in ./editor: hooks for saving, the title suggestion and the leave guard; one
 * component per section. A new section (videos) is one more <EditorSection> in the list below, with
 * its id in EDITOR_SECTIONS (page-checklist.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Page } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageLayout } from '@/components/layouts/page-layout';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { VideosManager } from '@/features/videos';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { formatDate } from '@/lib/utils';
import { useDeletePage } from '../api/delete-pages';
import { EDITOR_SECTIONS } from '../page-checklist';
import {
  pageFormSchema,
  PLACEHOLDER_TITLE,
  toFormValues,
  type PageFormInput,
  type PageFormOutput,
} from '../page-form';
import { BasicsSection } from './editor/basics-section';
import {
  AddressSection,
  ContactSection,
  DescriptionSection,
  FeaturesSection,
  ValuesSection,
} from './editor/property-sections';
import { SaveBar } from './editor/save-bar';
import { StatusActions } from './editor/status-actions';
import { useLeaveGuard } from './editor/use-leave-guard';
import { useSavePage } from './editor/use-save-page';
import { useTitleSuggestion } from './editor/use-title-suggestion';
import { EditorChecklist, EditorPreview } from './editor-aside';
import { PageChannelsPanel } from '@/features/feeds';
import { EditorSection } from './editor-section';
import { PageStatusBadge } from './page-status-badge';
import { PhotosManager } from './photos-manager';
import { SeoFields } from './seo-fields';

type Confirm = 'unpublish' | 'delete' | null;

export function PageEditor({ page, realEstateId }: { page: Page; realEstateId: number }) {
  const navigate = useNavigate();
  const form = useForm<PageFormInput, unknown, PageFormOutput>({
    resolver: zodResolver(pageFormSchema),
    defaultValues: toFormValues(page),
  });
  const { control } = form;
  const { save, discard, formError, savingStatus, busy } = useSavePage(form, page, realEstateId);
  const suggestion = useTitleSuggestion(form, page, realEstateId);
  const { blocker, allowLeaving } = useLeaveGuard(form.formState.isDirty);
  const remove = useDeletePage(realEstateId);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const purpose = useWatch({ control, name: 'purpose' });
  const isPublic = page.status !== 'draft';

  const deletePage = async () => {
    try {
      await remove.mutateAsync(page.id);
      allowLeaving();
      toast({ variant: 'success', title: 'Página excluída', description: page.title });
      void navigate(paths.pages);
    } catch (error) {
      toast({ variant: 'danger', title: 'Erro ao excluir a página', description: getApiErrorMessage(error) });
    }
  };

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
      actions={
        <StatusActions
          page={page}
          purpose={purpose}
          busy={busy}
          savingStatus={savingStatus}
          onSave={(status) => void save(status)}
          onUnpublish={() => setConfirm('unpublish')}
          onDelete={() => setConfirm('delete')}
        />
      }
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

            {/* The sections, in the order of the checklist and the section menu. */}
            <BasicsSection suggestion={suggestion} />
            <ValuesSection />
            <FeaturesSection />
            <AddressSection />
            <DescriptionSection />
            <EditorSection
              id={EDITOR_SECTIONS.photos}
              title="Fotos"
              description="Arraste para reordenar (ou use o botão de mover com espaço e as setas). A primeira foto é a capa. As fotos são salvas na hora."
            >
              <PhotosManager realEstateId={realEstateId} page={page} />
            </EditorSection>
            <EditorSection
              id={EDITOR_SECTIONS.videos}
              title="Vídeos"
              description="Envie o vídeo direto do seu computador ou celular, ou cole um link do YouTube ou do Vimeo. Arraste para reordenar (ou use o botão de mover com espaço e as setas). Os vídeos são salvos na hora."
            >
              <VideosManager realEstateId={realEstateId} pageId={page.id} />
            </EditorSection>
            <ContactSection />
            <EditorSection
              id={EDITOR_SECTIONS.seo}
              title="SEO e endereço"
              description="Como a página aparece no Google e no link compartilhado."
            >
              <SeoFields publicUrl={page.public_url} isPublic={isPublic} />
            </EditorSection>

            <PageChannelsPanel realEstateId={realEstateId} pageId={page.id} version={page.updated_at} />

            <SaveBar page={page} busy={busy} savingStatus={savingStatus} onDiscard={discard} />
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
