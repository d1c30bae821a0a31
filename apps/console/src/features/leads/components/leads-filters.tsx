import { LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES } from '@vitrine/contracts';
import { Check, FilterX, MapPinOff, SlidersHorizontal } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { PeriodFields } from '@/components/period-fields';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import type { PageOption } from '../api/get-page-options';
import { leadFilterParams, type LeadFilters } from '../lead-filters';
import { SearchInput } from '@/components/ui/search-input';
import type { UrlPatch } from '@/lib/use-url-state';

interface LeadsFiltersProps {
  filters: LeadFilters;
  onChange: (patch: UrlPatch, options?: { replace?: boolean }) => void;
  onClear: () => void;
  /** The agency's pages for the "Imóvel" filter; undefined hides it (still loading, or unavailable). */
  pages: PageOption[] | undefined;
  /**
   * The members for the "Responsável" filter (docs/product.md#lead-assignment); undefined hides it: an agent
   * who sees only their own leads has nothing to filter.
   */
  assignees?: AssigneeOption[] | undefined;
}

export interface AssigneeOption {
  id: number;
  name: string;
}

/** Search, status, property, source, period and the two toggles; every change lands in the URL. */
export function LeadsFilters({ filters, onChange, onClear, pages, assignees }: LeadsFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = Object.keys(leadFilterParams(filters)).filter((k) => k !== 'search').length;
  const hasAny = active > 0 || filters.search.trim() !== '';

  const onSearch = useCallback(
    (search: string) =>
      // Typing refines one search: only its first letter makes a history entry.
      onChange({ search }, { replace: filters.search !== '' && search !== '' }),
    [onChange, filters.search],
  );

  return (
    <section
      aria-label="Filtros de leads"
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4"
    >
      {/* Search on its own row, the selects in a grid under it; they share one row only where each
          select keeps room for its longest choice ("Todos os imóveis"): 1440 px with "Responsável". */}
      <div
        className={
          assignees
            ? 'grid grid-cols-1 gap-3 min-[1440px]:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))]'
            : 'grid grid-cols-1 gap-3 xl:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]'
        }
      >
        <div className="flex items-end gap-2">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={`${id}-search`}>Buscar</Label>
            <SearchInput
              id={`${id}-search`}
              value={filters.search}
              onSearch={onSearch}
              placeholder="Nome, e-mail, telefone ou mensagem"
              maxLength={120}
            />
          </div>
          <Button
            variant="outline"
            className="md:hidden"
            aria-expanded={open}
            aria-controls={`${id}-more ${id}-more2`}
            onClick={() => setOpen((v) => !v)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filtros{active > 0 ? ` (${active})` : ''}
          </Button>
        </div>
        {/* On phones these fold behind "Filtros"; on the widest screens they share the search's row. */}
        <div
          id={`${id}-more`}
          className={`${open ? 'grid' : 'hidden'} gap-3 md:grid ${assignees ? 'sm:grid-cols-2 lg:grid-cols-4 min-[1440px]:contents' : 'sm:grid-cols-3 xl:contents'}`}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-status`}>Status</Label>
            <NativeSelect
              id={`${id}-status`}
              value={filters.status}
              onChange={(e) => onChange({ status: e.target.value })}
            >
              <option value="">Todos</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {pages && pages.length > 0 && (
            // A page id from a shared link that is not among the first 100 still shows as chosen.
            <FilterSelect
              id={`${id}-page`}
              label="Imóvel"
              allLabel="Todos os imóveis"
              value={filters.pageId}
              options={pages.map((p) => ({ value: String(p.id), label: p.title }))}
              unknownLabel={(pageId) => `Página #${pageId}`}
              onChange={(pageId) => onChange({ page_id: pageId })}
            />
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-source`}>Origem</Label>
            <NativeSelect
              id={`${id}-source`}
              value={filters.source}
              onChange={(e) =>
                // Test leads are hidden unless asked for: choosing them asks for them.
                onChange(
                  e.target.value === 'teste'
                    ? { source: 'teste', include_tests: true }
                    : { source: e.target.value },
                )
              }
            >
              <option value="">Todas</option>
              {filters.source && !(filters.source in LEAD_SOURCE_LABELS) && (
                <option value={filters.source}>{filters.source}</option>
              )}
              {LEAD_SOURCES.map((value) => (
                <option key={value} value={value}>
                  {LEAD_SOURCE_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {assignees && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-assignee`}>Responsável</Label>
              <NativeSelect
                id={`${id}-assignee`}
                value={filters.assignedTo}
                onChange={(e) => onChange({ assigned_to: e.target.value })}
              >
                <option value="">Todos</option>
                <option value="none">Sem responsável</option>
                {/* A member from a shared link who is no longer in the team still shows as chosen. */}
                {filters.assignedTo &&
                  filters.assignedTo !== 'none' &&
                  !assignees.some((m) => String(m.id) === filters.assignedTo) && (
                    <option value={filters.assignedTo}>Membro #{filters.assignedTo}</option>
                  )}
                {assignees.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </div>
      </div>

      <div
        id={`${id}-more2`}
        className={`${open ? 'flex' : 'hidden'} flex-wrap items-start gap-x-6 gap-y-3 md:flex`}
      >
        <PeriodFields id={id} from={filters.from} to={filters.to} onChange={onChange} />
        {/* xl:mt-5 = a label's height: level with the date inputs, even under a date's message, where
            the two switches fit beside the dates; narrower, they wrap together onto their own row. */}
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 xl:mt-5">
          <div className="flex h-9 items-center gap-2">
            <Switch
              id={`${id}-quarantine`}
              checked={filters.quarantined}
              onCheckedChange={(checked) => onChange({ quarantined: checked })}
              aria-describedby={`${id}-quarantine-hint`}
            />
            <Label htmlFor={`${id}-quarantine`}>Quarentena</Label>
            <span id={`${id}-quarantine-hint`} className="sr-only">
              Mostra só os leads suspeitos de spam, que não foram enviados às integrações.
            </span>
          </div>
          <div className="flex h-9 items-center gap-2">
            <Switch
              id={`${id}-tests`}
              checked={filters.includeTests}
              onCheckedChange={(checked) => onChange({ include_tests: checked })}
            />
            <Label htmlFor={`${id}-tests`}>Incluir leads de teste</Label>
          </div>
          {/* The leads a portal or a form sent with a listing code that matches no page
              (docs/product.md#lead-sources): the lead sources screen links here. */}
          <Button
            type="button"
            variant={filters.listingNotFound ? 'default' : 'outline'}
            size="sm"
            className="rounded-full"
            aria-pressed={filters.listingNotFound}
            title="Leads cujo código de imóvel não corresponde a nenhuma página"
            onClick={() => onChange({ listing_not_found: !filters.listingNotFound })}
          >
            {filters.listingNotFound ? <Check aria-hidden="true" /> : <MapPinOff aria-hidden="true" />}
            Sem imóvel encontrado
          </Button>
        </div>
        {hasAny && (
          <Button variant="ghost" size="sm" className="ml-auto xl:mt-5.5" onClick={onClear}>
            <FilterX aria-hidden="true" />
            Limpar filtros
          </Button>
        )}
      </div>
    </section>
  );
}
