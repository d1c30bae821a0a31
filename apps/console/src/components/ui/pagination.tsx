import type { PaginationMeta } from '@vitrine/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

const count = new Intl.NumberFormat('pt-BR');

export interface PaginationProps {
  /** The list's `meta` as the API answers it (page, last page, total, first and last item numbers). */
  meta: Pick<PaginationMeta, 'current_page' | 'last_page' | 'total' | 'from' | 'to'>;
  perPage?: number;
  perPageOptions?: readonly number[];
  onPageChange: (page: number) => void;
  onPerPageChange?: (perPage: number) => void;
  /** What the items are, for the "x–y de N" line and the nav's label ("leads", "entregas"). */
  noun?: string;
  className?: string;
}

/** "x–y de N", an optional page-size select and previous/next buttons. */
export function Pagination({
  meta: { current_page: page, last_page: lastPage, total, from, to },
  perPage,
  perPageOptions,
  onPageChange,
  onPerPageChange,
  noun = 'itens',
  className,
}: PaginationProps) {
  const selectId = useId();
  const range = from !== null && to !== null ? `${count.format(from)}–${count.format(to)}` : '0';
  return (
    <nav
      aria-label={`Paginação de ${noun}`}
      className={cn('flex flex-wrap items-center justify-between gap-3 text-sm', className)}
    >
      <p className="text-muted-foreground" aria-live="polite">
        <span className="font-medium text-foreground">{range}</span> de {count.format(total)} {noun}
      </p>
      <div className="flex items-center gap-3">
        {perPage !== undefined && perPageOptions && onPerPageChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only text-muted-foreground sm:not-sr-only">
              Por página
            </label>
            <select
              id={selectId}
              value={perPage}
              onChange={(e) => onPerPageChange(Number(e.target.value))}
              className="h-8 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {perPageOptions.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
            aria-label="Página anterior"
          >
            <ChevronLeft aria-hidden="true" />
            <span className="hidden sm:inline">Anterior</span>
          </Button>
          <span className="px-2 text-muted-foreground tabular-nums">
            <span aria-hidden="true">
              {page}/{Math.max(lastPage, 1)}
            </span>
            <span className="sr-only">
              Página {page} de {Math.max(lastPage, 1)}
            </span>
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= lastPage}
            onClick={() => onPageChange(page + 1)}
            aria-label="Próxima página"
          >
            <span className="hidden sm:inline">Próxima</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
