/**
 * "Importar catálogo": pick a Meta home-listings file (CSV, TSV or XML; drag and drop or a button),
 * upload it with a progress bar, then follow the import (polled every second) to its report:
 * counts and the rejected rows with their reasons. A file that is not a catalog is refused with the
 * server's message and nothing changes. When the import ends, the pages list refreshes.
 */
import {
  CATALOG_IMPORT_MAX_BYTES,
  CATALOG_IMPORT_STATUS_LABELS,
  type CatalogImport,
} from '@vitrine/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, FileUp, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactElement } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getApiErrorMessage, getValidationErrors } from '@/lib/api-errors';
import { toast } from '@/lib/toast';
import { cn, formatBytes, formatDate } from '@/lib/utils';
import { isImportFinished, uploadCatalog, useCatalogImport, useRecentImports } from '../api/catalog-import';
import { pagesKeys } from '../api/keys';

const CATALOG_EXTENSIONS = ['csv', 'tsv', 'txt', 'xml'] as const;
export const CATALOG_ACCEPT =
  '.csv,.tsv,.txt,.xml,text/csv,text/tab-separated-values,text/xml,application/xml';

/** Refuses, before uploading, what cannot be a catalog: another extension, or too big. */
export function checkCatalogFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(CATALOG_EXTENSIONS as readonly string[]).includes(extension))
    return 'Envie o arquivo do catálogo em CSV, TSV ou XML (o feed de imóveis da Meta).';
  if (file.size === 0) return 'O arquivo está vazio.';
  if (file.size > CATALOG_IMPORT_MAX_BYTES)
    return `O arquivo tem ${formatBytes(file.size)}: o limite é ${formatBytes(CATALOG_IMPORT_MAX_BYTES)}.`;
  return null;
}

const STATUS_TONES: Record<CatalogImport['status'], BadgeTone> = {
  queued: 'yellow',
  running: 'yellow',
  done: 'green',
  failed: 'red',
};

const count = new Intl.NumberFormat('pt-BR');

/** The import being followed; it outlives the dialog, so closing it does not stop the import's follow-up. */
type Tracked = { importId: string; initial?: CatalogImport } | null;

type Phase = { name: 'pick' } | { name: 'uploading'; file: File; progress: number };

export function CatalogImportDialog({
  realEstateId,
  trigger,
}: {
  realEstateId: number;
  trigger: ReactElement;
}) {
  const [open, setOpen] = useState(false);
  const [tracked, setTracked] = useState<Tracked>(null);
  useImportCompletion(realEstateId, tracked, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Importar catálogo"
        description="O feed de imóveis do catálogo da Meta (Facebook e Instagram) em CSV, TSV ou XML. Cada imóvel vira uma página; importar de novo atualiza as mesmas páginas."
        className="max-w-2xl"
      >
        {open && <CatalogImportPanel realEstateId={realEstateId} tracked={tracked} onTrack={setTracked} />}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Follows the import until it ends, dialog open or not: then the pages list refreshes, and a toast
 * tells the result if the dialog was closed in the meantime ("Continuar em segundo plano").
 */
function useImportCompletion(realEstateId: number, tracked: Tracked, open: boolean) {
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

export function CatalogImportPanel({
  realEstateId,
  tracked,
  onTrack,
}: {
  realEstateId: number;
  tracked: Tracked;
  onTrack: (tracked: Tracked) => void;
}) {
  const [phase, setPhase] = useState<Phase>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = async (file: File) => {
    const problem = checkCatalogFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    abort.current = new AbortController();
    setPhase({ name: 'uploading', file, progress: 0 });
    try {
      const created = await uploadCatalog(realEstateId, file, {
        signal: abort.current.signal,
        onProgress: (progress) => setPhase((p) => (p.name === 'uploading' ? { ...p, progress } : p)),
      });
      setPhase({ name: 'pick' });
      onTrack({ importId: created.id, initial: created });
    } catch (err) {
      if (abort.current?.signal.aborted) return;
      // 422 "not a catalog": the server's message names what it found.
      setError(getValidationErrors(err)?.catalog?.[0] ?? getApiErrorMessage(err));
      setPhase({ name: 'pick' });
    }
  };

  if (tracked && phase.name === 'pick')
    return (
      <ImportTracker
        realEstateId={realEstateId}
        importId={tracked.importId}
        initial={tracked.initial}
        onAnother={() => onTrack(null)}
      />
    );

  if (phase.name === 'uploading')
    return (
      <div className="grid gap-3" aria-live="polite">
        <div className="flex items-center gap-3">
          <FileSpreadsheet className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium" title={phase.file.name}>
              {phase.file.name}
            </p>
            <p className="text-sm text-muted-foreground tabular-nums">
              Enviando... {Math.round(phase.progress)}% de {formatBytes(phase.file.size)}
            </p>
          </div>
        </div>
        <Progress value={phase.progress} label={`Envio de ${phase.file.name}`} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              abort.current?.abort();
              setPhase({ name: 'pick' });
            }}
          >
            Cancelar envio
          </Button>
        </DialogFooter>
      </div>
    );

  return (
    <div className="grid gap-4">
      {error && (
        <Alert variant="danger">
          <p className="font-medium">Não foi possível importar este arquivo</p>
          <p>{error}</p>
        </Alert>
      )}
      <CatalogDropZone onFile={(file) => void start(file)} />
      <RecentImports
        realEstateId={realEstateId}
        onOpen={(item) => onTrack({ importId: item.id, initial: item })}
      />
    </div>
  );
}

function CatalogDropZone({ onFile }: { onFile: (file: File) => void }) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        dragging ? 'border-primary bg-accent' : 'border-input',
      )}
    >
      <FileUp className="size-9 text-muted-foreground" aria-hidden="true" />
      <p className="hidden text-sm sm:block">Arraste o arquivo do catálogo para cá, ou</p>
      <Button onClick={() => inputRef.current?.click()} aria-describedby={hintId}>
        Escolher arquivo
      </Button>
      <p id={hintId} className="text-xs text-muted-foreground">
        CSV, TSV ou XML até {formatBytes(CATALOG_IMPORT_MAX_BYTES)}, em UTF-8, UTF-16 ou Latin-1.
      </p>
      <input
        ref={inputRef}
        type="file"
        accept={CATALOG_ACCEPT}
        aria-label="Arquivo do catálogo"
        className="sr-only"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}

function RecentImports({
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

function ImportTracker({
  realEstateId,
  importId,
  initial,
  onAnother,
}: {
  realEstateId: number;
  importId: string;
  initial?: CatalogImport;
  onAnother: () => void;
}) {
  const query = useCatalogImport(realEstateId, importId, initial);
  const data = query.data;
  const finished = isImportFinished(data);

  if (!data) {
    if (query.isError)
      return (
        <Alert variant="danger">
          <p>{getApiErrorMessage(query.error)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            <RotateCw aria-hidden="true" /> Tentar novamente
          </Button>
        </Alert>
      );
    return <Skeleton className="h-40" />;
  }

  return (
    <div className="grid gap-4">
      <ImportReport report={data} />
      {query.isError && !finished && (
        <p role="status" className="text-xs text-muted-foreground">
          Sem resposta do servidor agora; tentando de novo...
        </p>
      )}
      <DialogFooter className="mt-0">
        {finished && (
          <Button variant="outline" onClick={onAnother}>
            Importar outro arquivo
          </Button>
        )}
        <DialogClose asChild>
          <Button variant={finished ? 'default' : 'outline'}>
            {finished ? 'Ver páginas' : 'Continuar em segundo plano'}
          </Button>
        </DialogClose>
      </DialogFooter>
    </div>
  );
}

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
