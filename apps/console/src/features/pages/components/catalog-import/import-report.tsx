import { CATALOG_IMPORT_STATUS_LABELS, type CatalogImport } from '@vitrine/contracts';
import { FileSpreadsheet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn, formatBytes, formatDate } from '@/lib/utils';
import { isImportFinished } from '../../api/get-catalog-import';
import { count, STATUS_TONES } from './import-status';

/** Progress, counts and rejected rows of an import. */
export function ImportReport({ report }: { report: CatalogImport }) {
  const finished = isImportFinished(report);
  const counts = [
    { label: 'Criadas', value: report.created, tone: 'text-emerald-700' },
    { label: 'Atualizadas', value: report.updated, tone: 'text-sky-700' },
    { label: 'Sem mudança', value: report.unchanged, tone: 'text-foreground' },
    {
      label: 'Rejeitadas',
      value: report.rejected_count,
      tone: report.rejected_count ? 'text-red-700' : 'text-foreground',
    },
  ];
  const progress = report.status === 'done' ? 100 : report.status === 'queued' ? null : report.progress;

  return (
    <div className="grid gap-4" data-testid="import-report">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex min-w-0 items-center gap-2 font-medium">
            <FileSpreadsheet className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate" title={report.filename ?? undefined}>
              {report.filename ?? 'Catálogo'}
            </span>
            {report.format && (
              <span className="text-xs font-normal text-muted-foreground uppercase">{report.format}</span>
            )}
          </p>
          <Badge tone={STATUS_TONES[report.status]} dot>
            {CATALOG_IMPORT_STATUS_LABELS[report.status]}
          </Badge>
        </div>
        <Progress
          value={progress}
          label="Andamento da importação"
          tone={report.status === 'failed' ? 'red' : report.status === 'done' ? 'green' : 'brand'}
        />
        <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
          {report.status === 'queued'
            ? 'Na fila: começa em instantes.'
            : report.status === 'running'
              ? `${report.progress}% · ${count.format(report.rows_total)} imóveis lidos`
              : `${count.format(report.rows_total)} imóveis lidos de ${formatBytes(report.bytes)}`}
        </p>
      </div>

      {report.status === 'done' && (
        <Alert variant="success">
          <p>
            Importação concluída. As páginas importadas chegam como estão no catálogo: confira fotos e preços
            antes de divulgar.
          </p>
        </Alert>
      )}
      {report.limit_notice && report.over_limit_drafts > 0 && (
        // "Publicar ao importar" past the plan's published pages: the rest came in as drafts.
        <Alert variant="warning">
          <p>{report.limit_notice}</p>
        </Alert>
      )}
      {report.price_notice && report.without_price > 0 && (
        // "Preço sob consulta" (or no price) in the catalog: imported without one, as the editor allows.
        <Alert variant="info">
          <p>{report.price_notice}</p>
        </Alert>
      )}
      {report.status === 'failed' && (
        <Alert variant="danger">
          <p className="font-medium">A importação falhou</p>
          <p>{report.error ?? 'Tente novamente.'}</p>
        </Alert>
      )}

      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {counts.map((c) => (
          <div key={c.label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{c.label}</dt>
            <dd className={cn('text-2xl font-semibold tabular-nums', c.tone)}>{count.format(c.value)}</dd>
          </div>
        ))}
      </dl>

      {report.rejected.length > 0 && (
        <section aria-labelledby="rejected-title" className="grid gap-2">
          <h3 id="rejected-title" className="text-sm font-semibold">
            Linhas rejeitadas
          </h3>
          {report.rejected_count > report.rejected.length && (
            <p className="text-xs text-muted-foreground">
              Mostrando as primeiras {count.format(report.rejected.length)} de{' '}
              {count.format(report.rejected_count)}.
            </p>
          )}
          <div className="hidden overflow-hidden rounded-lg border sm:block">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="w-16">Linha</TableHead>
                  <TableHead className="w-32">ID</TableHead>
                  <TableHead>Motivo</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.rejected.map((r) => (
                  <TableRow key={`${r.row}-${r.home_listing_id ?? ''}`}>
                    <TableCell className="tabular-nums">{r.row}</TableCell>
                    <TableCell className="break-all">{r.home_listing_id ?? '—'}</TableCell>
                    <TableCell>{r.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <ul className="grid gap-2 sm:hidden">
            {report.rejected.map((r) => (
              <li key={`${r.row}-${r.home_listing_id ?? ''}`} className="rounded-lg border p-3 text-sm">
                <p className="text-xs text-muted-foreground">
                  Linha {r.row}
                  {r.home_listing_id ? ` · ID ${r.home_listing_id}` : ''}
                </p>
                <p className="mt-1">{r.reason}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {finished && report.finished_at && (
        <p className="text-xs text-muted-foreground">Concluída em {formatDate(report.finished_at)}.</p>
      )}
    </div>
  );
}
