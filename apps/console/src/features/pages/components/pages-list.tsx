import type { Page } from '@vitrine/contracts';
import { paths } from '@vitrine/contracts/paths';
import { ExternalLink, MoreHorizontal, Pencil, Trash2, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn, formatDate } from '@/lib/utils';
import { formatBRL } from '../money';
import { PageStatusBadge } from './page-status-badge';
import { PageThumbnail } from './page-thumbnail';

const count = new Intl.NumberFormat('pt-BR');

/** Quarantined leads are not counted as leads (the Leads screen's rule); they are shown apart, one click from the Leads screen. */
function QuarantinedLeads({ page, className }: { page: Page; className?: string }) {
  const n = page.quarantined_leads_count ?? 0;
  if (!n) return null;
  return (
    <Link
      to={`${paths.leads}?page_id=${page.id}&quarantined=1`}
      className={cn('text-xs whitespace-nowrap text-amber-800 underline-offset-2 hover:underline', className)}
    >
      {count.format(n)} em quarentena
    </Link>
  );
}

interface PagesListProps {
  pages: Page[];
  selected: ReadonlySet<number>;
  onToggle: (id: number, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onDelete: (page: Page) => void;
  /** A newer page of results is loading while this one stays on screen. */
  stale?: boolean;
}

function Checkbox({
  checked,
  indeterminate = false,
  onChange,
  label,
}: {
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      aria-label={label}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 cursor-pointer rounded border-input accent-primary"
    />
  );
}

const priceText = (page: Page) =>
  `${formatBRL(page.price_cents)}${page.purpose === 'rent' && page.price_cents !== null ? '/mês' : ''}`;

function PublicLink({ page, compact = false }: { page: Page; compact?: boolean }) {
  if (page.status === 'draft') return null;
  return (
    <Button variant="ghost" size={compact ? 'icon' : 'sm'} asChild className={compact ? 'size-8' : undefined}>
      <a
        href={page.public_url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Ver a página pública de ${page.title} (abre em nova aba)`}
        title="Ver página pública"
      >
        <ExternalLink aria-hidden="true" />
        {!compact && 'Ver página'}
      </a>
    </Button>
  );
}

function RowMenu({ page, onDelete }: { page: Page; onDelete: (page: Page) => void }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Mais ações para ${page.title}`}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.page(page.id)}>
            <Pencil aria-hidden="true" /> Editar
          </Link>
        </DropdownMenuItem>
        {page.status !== 'draft' && (
          <DropdownMenuItem asChild>
            <a href={page.public_url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Abrir página pública
            </a>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          className="text-destructive data-[highlighted]:text-destructive"
          onSelect={() => onDelete(page)}
        >
          <Trash2 aria-hidden="true" className="!text-destructive" /> Excluir
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Pages as a table on wide screens and as cards on phones (style guide). */
export function PagesList({ pages, selected, onToggle, onToggleAll, onDelete, stale }: PagesListProps) {
  const selectedHere = pages.filter((p) => selected.has(p.id)).length;
  const all = pages.length > 0 && selectedHere === pages.length;
  return (
    <div aria-busy={stale || undefined} className={cn('transition-opacity', stale && 'opacity-60')}>
      <div className="hidden overflow-hidden rounded-xl border bg-card shadow-sm xl:block">
        <Table scrollLabel="Tabela de páginas">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-10">
                <Checkbox
                  checked={all}
                  indeterminate={selectedHere > 0 && !all}
                  onChange={onToggleAll}
                  label="Selecionar todas as páginas desta lista"
                />
              </TableHead>
              <TableHead>Imóvel</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Preço</TableHead>
              <TableHead className="text-right">Leads</TableHead>
              <TableHead>Atualizada</TableHead>
              <TableHead className="w-20">
                <span className="sr-only">Ações</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pages.map((page) => (
              <TableRow key={page.id} data-state={selected.has(page.id) ? 'selected' : undefined}>
                <TableCell className="align-middle">
                  <Checkbox
                    checked={selected.has(page.id)}
                    onChange={(checked) => onToggle(page.id, checked)}
                    label={`Selecionar ${page.title}`}
                  />
                </TableCell>
                <TableCell className="max-w-md min-w-56">
                  <div className="flex items-center gap-3">
                    <PageThumbnail photo={page.photos[0]} className="h-12 w-16" />
                    <div className="min-w-0">
                      <Link
                        to={paths.page(page.id)}
                        className="line-clamp-2 rounded-sm font-medium [overflow-wrap:anywhere] hover:underline"
                        title={page.title}
                      >
                        {page.title}
                      </Link>
                      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        {page.listing_code ? `Cód. ${page.listing_code}` : 'Sem código'}
                        {page.neighborhood || page.city
                          ? ` · ${[page.neighborhood, page.city].filter(Boolean).join(', ')}`
                          : ''}
                      </p>
                    </div>
                  </div>
                </TableCell>
                <TableCell className="align-middle">
                  <PageStatusBadge status={page.status} />
                </TableCell>
                <TableCell className="text-right align-middle whitespace-nowrap tabular-nums">
                  {priceText(page)}
                </TableCell>
                <TableCell className="text-right align-middle tabular-nums">
                  {count.format(page.leads_count ?? 0)}
                  <QuarantinedLeads page={page} className="block" />
                </TableCell>
                <TableCell className="align-middle whitespace-nowrap">
                  {formatDate(page.updated_at)}
                </TableCell>
                <TableCell className="align-middle">
                  <div className="flex items-center justify-end gap-0.5">
                    <PublicLink page={page} compact />
                    <RowMenu page={page} onDelete={onDelete} />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>

      <div className="grid gap-3 xl:hidden">
        <label className="flex w-fit items-center gap-2 px-1 text-sm text-muted-foreground">
          <Checkbox
            checked={all}
            indeterminate={selectedHere > 0 && !all}
            onChange={onToggleAll}
            label="Selecionar todas as páginas desta lista"
          />
          Selecionar todas
        </label>
        <ul className="grid gap-3" aria-label="Páginas">
          {pages.map((page) => (
            <li
              key={page.id}
              className={cn(
                'rounded-xl border bg-card p-3 shadow-sm',
                selected.has(page.id) && 'border-primary/50 bg-accent/40',
              )}
            >
              <div className="flex gap-3">
                <div className="pt-1">
                  <Checkbox
                    checked={selected.has(page.id)}
                    onChange={(checked) => onToggle(page.id, checked)}
                    label={`Selecionar ${page.title}`}
                  />
                </div>
                <PageThumbnail photo={page.photos[0]} className="h-16 w-20" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.page(page.id)}
                    className="line-clamp-2 rounded-sm font-medium break-words hover:underline"
                  >
                    {page.title}
                  </Link>
                  <p className="truncate text-xs text-muted-foreground">
                    {page.listing_code ? `Cód. ${page.listing_code}` : 'Sem código'} ·{' '}
                    {formatDate(page.updated_at)}
                  </p>
                  <p className="mt-1 font-semibold tabular-nums">{priceText(page)}</p>
                </div>
              </div>
              <div className="mt-3 flex items-center justify-between gap-2 border-t pt-2">
                <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <PageStatusBadge status={page.status} />
                  <span className="inline-flex items-center gap-1">
                    <Users className="size-3.5" aria-hidden="true" />
                    {count.format(page.leads_count ?? 0)} {page.leads_count === 1 ? 'lead' : 'leads'}
                  </span>
                  <QuarantinedLeads page={page} />
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <PublicLink page={page} compact />
                  <RowMenu page={page} onDelete={onDelete} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function PagesListSkeleton() {
  return (
    <div role="status" aria-label="Carregando páginas..." className="grid gap-3">
      <div className="hidden rounded-xl border bg-card p-3 shadow-sm xl:block">
        {Array.from({ length: 6 }, (_, i) => (
          <div
            key={i}
            className="grid grid-cols-[1.5rem_4rem_1fr_6rem_7rem_3rem_6rem] items-center gap-4 border-b px-1 py-3 last:border-0"
          >
            <Skeleton className="size-4" />
            <Skeleton className="h-12 w-16" />
            <div className="grid gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </div>
            <Skeleton className="h-5 rounded-full" />
            <Skeleton className="h-4" />
            <Skeleton className="h-4" />
            <Skeleton className="h-4" />
          </div>
        ))}
      </div>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="flex gap-3 rounded-xl border bg-card p-3 xl:hidden">
          <Skeleton className="h-16 w-20" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
