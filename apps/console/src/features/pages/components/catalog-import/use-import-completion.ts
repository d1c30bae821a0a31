import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import { isImportFinished, useCatalogImport } from '../../api/get-catalog-import';
import { pagesKeys } from '../../api/keys';
import { count, type Tracked } from './import-status';

/**
 * Follows the import until it ends, dialog open or not: then the pages list refreshes, and a toast
 * tells the result if the dialog was closed in the meantime ("Continuar em segundo plano").
 */
export function useImportCompletion(realEstateId: number, tracked: Tracked, open: boolean) {
  const queryClient = useQueryClient();
  const query = useCatalogImport(realEstateId, tracked?.importId ?? null, tracked?.initial);
  const status = query.data?.status;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    const previous = seen.current;
    seen.current = status;
    if (!query.data || !isImportFinished(query.data) || previous === status) return;
    void queryClient.invalidateQueries({ queryKey: pagesKeys.lists(realEstateId) });
    void queryClient.invalidateQueries({ queryKey: pagesKeys.imports(realEstateId) });
    if (!open && previous !== undefined) {
      const r = query.data;
      toast(
        r.status === 'done'
          ? {
              variant: 'success',
              title: 'Importação do catálogo concluída',
              description: `${count.format(r.created)} criadas, ${count.format(r.updated)} atualizadas, ${count.format(r.rejected_count)} rejeitadas.`,
            }
          : {
              variant: 'danger',
              title: 'A importação do catálogo falhou',
              description: r.error ?? undefined,
            },
      );
    }
  }, [status, query.data, open, queryClient, realEstateId]);
}
