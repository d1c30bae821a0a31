/** The period picker and the page/source/device filters of /analytics; every change lands in the URL. */
import { ANALYTICS_DEVICES } from '@vitrine/contracts';
import { CalendarRange, FilterX, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { FilterSelect, type FilterOption } from '@/components/filter-select';
import { PeriodFields } from '@/components/period-fields';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import {
  hasAnalyticsFilters,
  PERIOD_LABELS,
  PERIOD_PARAM,
  PERIODS,
  type AnalyticsFilters,
  type Period,
} from '../analytics-filters';
import { deviceLabel, sourceLabel } from '../format';
import type { UrlPatch } from '@/lib/use-url-state';

interface AnalyticsToolbarProps {
  filters: AnalyticsFilters;
  onChange: (patch: UrlPatch) => void;
  onClear: () => void;
  /** The agency's pages; undefined while loading or unavailable (the filter hides itself). */
  pages: FilterOption[] | undefined;
  /** Sources seen in the period (from the breakdown), so the list never offers an empty choice. */
  sources: string[];
}

export function AnalyticsToolbar({ filters, onChange, onClear, pages, sources }: AnalyticsToolbarProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const active = [filters.pageId, filters.source, filters.device].filter(Boolean).length;
  return (
    <section
      aria-label="Período e filtros"
      className="grid gap-3 rounded-xl border bg-card p-3 shadow-sm sm:p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid w-full gap-1.5 sm:w-auto">
          <span id={`${id}-period`} className="text-sm font-medium">
            Período
          </span>
          <ToggleGroup
            type="single"
            aria-labelledby={`${id}-period`}
            value={filters.period}
            // Radix answers '' when the chosen item is clicked again: the period stays.
            onValueChange={(value) =>
              value && onChange({ [PERIOD_PARAM]: value as Period, ...customDays(value, filters) })
            }
            className="w-full sm:w-fit"
          >
            {PERIODS.map((p) =>
              p === 'personalizado' ? (
                // On a phone only the calendar shows (five labels do not fit 390 px); the name stays.
                <ToggleGroupItem
                  key={p}
                  value={p}
                  className="flex-1 px-2 sm:flex-none sm:px-2.5"
                  title={PERIOD_LABELS[p]}
                >
                  <CalendarRange aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{PERIOD_LABELS[p]}</span>
                </ToggleGroupItem>
              ) : (
                <ToggleGroupItem key={p} value={p} className="flex-1 px-2 sm:flex-none sm:px-2.5">
                  {PERIOD_LABELS[p]}
                </ToggleGroupItem>
              ),
            )}
          </ToggleGroup>
        </div>
        {filters.period === 'personalizado' && (
          // An emptied field keeps the period's day.
          <PeriodFields id={id} from={filters.from} to={filters.to} onChange={onChange} required />
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        className="w-fit sm:hidden"
        aria-expanded={open}
        aria-controls={`${id}-filters`}
        onClick={() => setOpen((v) => !v)}
      >
        <SlidersHorizontal aria-hidden="true" />
        Filtros{active > 0 ? ` (${active})` : ''}
      </Button>
      {/* On phones the three selects fold behind "Filtros"; from 640 px they always show. */}
      <div id={`${id}-filters`} className={`${open ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-3`}>
        {pages && pages.length > 0 && (
          <FilterSelect
            id={`${id}-page`}
            label="Página"
            allLabel="Todas as páginas"
            value={filters.pageId}
            options={pages}
            unknownLabel={(pageId) => `Página #${pageId}`}
            onChange={(pageId) => onChange({ page_id: pageId })}
          />
        )}
        {/* Only the sources seen in the period, so the list never offers an empty choice. */}
        <FilterSelect
          id={`${id}-source`}
          label="Origem"
          allLabel="Todas as origens"
          value={filters.source}
          options={sources.map((s) => ({ value: s, label: sourceLabel(s) }))}
          unknownLabel={sourceLabel}
          onChange={(source) => onChange({ source })}
        />
        <FilterSelect
          id={`${id}-device`}
          label="Dispositivo"
          allLabel="Todos os dispositivos"
          value={filters.device}
          options={ANALYTICS_DEVICES.map((d) => ({ value: d, label: deviceLabel(d) }))}
          onChange={(device) => onChange({ device })}
        />
      </div>
      {hasAnalyticsFilters(filters) && (
        <div className="flex justify-end">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <FilterX aria-hidden="true" />
            Limpar filtros
          </Button>
        </div>
      )}
    </section>
  );
}

/** Choosing "Personalizado" starts from the days on screen, so nothing jumps. */
function customDays(value: string, f: AnalyticsFilters): UrlPatch {
  return value === 'personalizado' ? { from: f.from, to: f.to } : {};
}
