import { CATALOG_IMPORT_STATUS_LABELS, type CatalogImport } from '@vitrine/contracts';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/utils';
import { useRecentImports } from '../../api/list-catalog-imports';
import { count, STATUS_TONES } from './import-status';

/** The agency's last imports, each opening its report; nothing while there are none. */
export function RecentImports({
  realEstateId,
  onOpen,
}: {
  realEstateId: number;
  onOpen: (item: CatalogImport) => void;
}) {
  const query = useRecentImports(realEstateId);
  if (query.isError || (query.data && query.data.data.length === 0)) return null;
  return (
    <section aria-labelledby="recent-imports-title" className="grid gap-2">
      <h3 id="recent-imports-title" className="text-sm font-semibold">
        Importações recentes
      </h3>
      {query.isPending ? (
        <div role="status" aria-label="Carregando importações..." className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : (
        <ul className="grid gap-2">
          {query.data.data.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => onOpen(item)}
                className="flex w-full items-center justify-between gap-3 rounded-lg border px-3 py-2 text-left text-sm hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{item.filename ?? 'Catálogo'}</span>
                  <span className="block text-xs text-muted-foreground">
                    {formatDate(item.created_at)} · {count.format(item.created)} criadas ·{' '}
                    {count.format(item.updated)} atualizadas · {count.format(item.rejected_count)} rejeitadas
                  </span>
                </span>
                <Badge tone={STATUS_TONES[item.status]} dot>
                  {CATALOG_IMPORT_STATUS_LABELS[item.status]}
                </Badge>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
