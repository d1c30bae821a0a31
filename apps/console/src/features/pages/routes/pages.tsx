import {
  PAGE_PURPOSE_LABELS,
  PAGE_PURPOSES,
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  type Page,
} from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { Building2, FileUp, Plus, SearchX, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { PageLayout } from '@/components/layouts/page-layout';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState } from '@/components/ui/states';
import { useAuth } from '@/features/auth';
import { getApiErrorMessage } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { useDeletePage, useDeletePages } from '../api/delete-pages';
import { usePages } from '../api/get-pages';
import { CatalogImportDialog } from '../components/catalog-import-dialog';
import { NewPageDialog } from '../components/new-page-dialog';
import { PagesList, PagesListSkeleton } from '../components/pages-list';
import { SearchInput } from '@/components/ui/search-input';
import {
  CLEAR_PAGE_FILTERS,
  hasActiveFilters,
  pageListParams,
  PAGES_URL_DEFAULTS,
  pagesUrlSchema,
  PER_PAGE_OPTIONS,
} from '../page-filters';
import { useUrlState } from '@/lib/use-url-state';
import { NoAgencySelected } from '@/components/no-agency-selected';
import { BulkChannelActions } from '@/features/feeds';

const breadcrumbs = [{ title: 'Dashboard', href: paths.dashboard }, { title: 'Páginas' }];
const TITLE = 'Páginas';
const DESCRIPTION = 'Uma landing page rápida para cada imóvel: publique, compartilhe e receba leads.';

/** /paginas */
export function PagesRoute() {
  const { selectedRealEstate } = useAuth();
  if (!selectedRealEstate) {
    return (
      <PageLayout title={TITLE} description={DESCRIPTION} breadcrumbs={breadcrumbs}>
        <NoAgencySelected purpose="ver as páginas" />
      </PageLayout>
    );
  }
  // Keyed by id: switching accounts starts with a clean selection.
  return <PagesScreen key={selectedRealEstate.id} realEstateId={selectedRealEstate.id} />;
}

function PagesScreen({ realEstateId }: { realEstateId: number }) {
  const { values: filters, set: update } = useUrlState(pagesUrlSchema, PAGES_URL_DEFAULTS);
  const requestParams = useMemo(() => pageListParams(filters), [filters]);
  const query = usePages(realEstateId, requestParams);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [toDelete, setToDelete] = useState<Page | null>(null);
  const deleteMany = useDeletePages(realEstateId);
  const deleteOne = useDeletePage(realEstateId);

  const onSearch = useCallback((search: string) => update({ search }), [update]);

  // A selection belongs to what is on screen: a new filter or page starts afresh.
  const listKey = JSON.stringify(requestParams);
  useEffect(() => setSelected(new Set()), [listKey]);

  const pages = query.data?.data ?? [];
  const meta = query.data?.meta;
  const filtered = hasActiveFilters(filters);

  // Past the last page (after deleting its last rows, or an old link): go to the last one there is.
  useEffect(() => {
    if (meta && meta.total > 0 && pages.length === 0 && filters.page > meta.last_page)
      update({ page: meta.last_page });
  }, [meta, pages.length, filters.page, update]);

  const newPage = (label: string, variant: 'default' | 'outline' = 'default') => (
    <NewPageDialog
      realEstateId={realEstateId}
      trigger={
        <Button variant={variant}>
          <Plus aria-hidden="true" /> {label}
        </Button>
      }
    />
  );
  const importCatalog = (variant: 'default' | 'outline' = 'outline') => (
    <CatalogImportDialog
      realEstateId={realEstateId}
      trigger={
        <Button variant={variant}>
          <FileUp aria-hidden="true" /> Importar catálogo
        </Button>
      }
    />
  );

  const removeSelected = async () => {
    const ids = [...selected];
    try {
      const deleted = await deleteMany.mutateAsync(ids);
      setSelected(new Set());
      toast({
        variant: 'success',
        title: deleted === 1 ? '1 página excluída' : `${deleted} páginas excluídas`,
        description: 'Os endereços públicos delas deixaram de funcionar.',
      });
    } catch (error) {
      toast({ variant: 'danger', title: 'Erro ao excluir páginas', description: getApiErrorMessage(error) });
    }
  };

  const removeOne = async (page: Page) => {
    try {
      await deleteOne.mutateAsync(page.id);
      setSelected((prev) => {
        const next = new Set(prev);
        next.delete(page.id);
        return next;
      });
      toast({ variant: 'success', title: 'Página excluída', description: page.title });
    } catch (error) {
      toast({ variant: 'danger', title: 'Erro ao excluir a página', description: getApiErrorMessage(error) });
    }
  };

  const showEmpty = query.isSuccess && pages.length === 0 && !(meta && filters.page > meta.last_page);

  return (
    <PageLayout
      title={TITLE}
      description={DESCRIPTION}
      breadcrumbs={breadcrumbs}
      actions={
        <>
          {importCatalog('outline')}
          {newPage('Nova página')}
        </>
      }
    >
      <div className="grid grid-cols-1 gap-4">
        <div
          role="search"
          aria-label="Filtrar páginas"
          className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_9rem_auto] sm:items-end"
        >
          <div className="col-span-2 grid gap-1.5 sm:col-span-1">
            <label htmlFor="pages-search" className="text-sm font-medium">
              Buscar
            </label>
            <SearchInput
              id="pages-search"
              value={filters.search}
              onSearch={onSearch}
              placeholder="Título, código, bairro ou cidade"
              maxLength={120}
            />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="pages-status" className="text-sm font-medium">
              Status
            </label>
            <NativeSelect
              id="pages-status"
              value={filters.status}
              onChange={(e) => update({ status: e.target.value })}
            >
              <option value="">Todos</option>
              {PAGE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PAGE_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor="pages-purpose" className="text-sm font-medium">
              Finalidade
            </label>
            <NativeSelect
              id="pages-purpose"
              value={filters.purpose}
              onChange={(e) => update({ purpose: e.target.value })}
            >
              <option value="">Todas</option>
              {PAGE_PURPOSES.map((p) => (
                <option key={p} value={p}>
                  {PAGE_PURPOSE_LABELS[p]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {filtered ? (
            <Button
              variant="ghost"
              className="col-span-2 justify-self-start sm:col-span-1"
              onClick={() => update(CLEAR_PAGE_FILTERS)}
            >
              <X aria-hidden="true" /> Limpar filtros
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
        </div>

        {selected.size > 0 && (
          <div
            role="region"
            aria-label="Ações em lote"
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/30 bg-accent px-3 py-2 text-sm"
          >
            <span aria-live="polite" className="font-medium text-accent-foreground">
              {selected.size === 1 ? '1 página selecionada' : `${selected.size} páginas selecionadas`}
            </span>
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                Limpar seleção
              </Button>
              <BulkChannelActions realEstateId={realEstateId} ids={[...selected]} />
              <ConfirmDialog
                trigger={
                  <Button variant="destructive" size="sm" disabled={deleteMany.isPending}>
                    <Trash2 aria-hidden="true" /> Excluir selecionadas
                  </Button>
                }
                title={selected.size === 1 ? 'Excluir 1 página?' : `Excluir ${selected.size} páginas?`}
                description="As páginas, suas fotos e seus endereços públicos deixam de existir. Os leads já recebidos continuam em Leads. Não é possível desfazer."
                confirmLabel="Excluir"
                destructive
                onConfirm={() => void removeSelected()}
              />
            </div>
          </div>
        )}

        {query.isPending ? (
          <PagesListSkeleton />
        ) : query.isError && !query.data ? (
          <ErrorState
            title="Não foi possível carregar as páginas"
            message={getApiErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : showEmpty ? (
          filtered ? (
            <EmptyState
              icon={SearchX}
              title="Nenhuma página encontrada."
              description="Nenhuma página corresponde à busca e aos filtros escolhidos."
              action={
                <Button variant="outline" onClick={() => update(CLEAR_PAGE_FILTERS)}>
                  Limpar filtros
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Building2}
              title="Nenhuma página ainda."
              description="Crie a landing page do seu primeiro imóvel ou traga todos de uma vez do catálogo da Meta."
              action={
                <>
                  {newPage('Criar primeira página')}
                  {importCatalog('outline')}
                </>
              }
            />
          )
        ) : (
          <>
            <PagesList
              pages={pages}
              selected={selected}
              stale={query.isPlaceholderData}
              onToggle={(id, on) =>
                setSelected((prev) => {
                  const next = new Set(prev);
                  if (on) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onToggleAll={(on) => setSelected(on ? new Set(pages.map((p) => p.id)) : new Set())}
              onDelete={setToDelete}
            />
            {meta && (
              <Pagination
                meta={meta}
                perPage={filters.per_page}
                perPageOptions={PER_PAGE_OPTIONS}
                onPageChange={(page) => update({ page })}
                onPerPageChange={(perPage) => update({ per_page: perPage })}
                noun="páginas"
              />
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Excluir esta página?"
        description={
          <>
            <strong className="text-foreground">{toDelete?.title}</strong> e suas fotos deixam de existir, e o
            endereço público para de funcionar. Os leads já recebidos continuam em Leads.
          </>
        }
        confirmLabel="Excluir página"
        destructive
        onConfirm={() => {
          if (toDelete) void removeOne(toDelete);
          setToDelete(null);
        }}
      />
    </PageLayout>
  );
}
