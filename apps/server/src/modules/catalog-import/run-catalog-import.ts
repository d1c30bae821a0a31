/**
 * The catalog import job. Two streaming passes over the stored upload:
 *  1. a scan that parses the whole file without writing, so a file broken half-way (unclosed quote,
 *     malformed XML) fails with nothing written, and broken UTF-8 switches the decoding to Latin-1;
 *  2. the import: every record mapped and validated, good rows upserted by (real_estate_id,
 *     external_id) 500 per transaction, each transaction also recording the progress. A row whose
 *     import_hash did not change is counted as unchanged and not written.
 * Memory stays flat: one batch of rows, the first rejected rows and the ids seen (for duplicates).
 */
import { existsSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PageStatus } from '@vitrine/contracts';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, catalogImports, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { catalogImportJob } from './jobs/catalog-import.job.ts';
import type { JobPayload } from '../../jobs/define-job.ts';
import { publishedPagesLeft } from '../billing/index.ts';
import { allocateSlugs, isUniqueViolationOf, SLUG_UNIQUE_INDEX } from '../pages/index.ts';
import { mapListing, type ListingPage } from './map-listing.ts';
import { CatalogParseError, readCatalog } from './read-catalog.ts';
import { SNIFF_BYTES, sniffCatalog, type CatalogSniff } from './sniff-catalog.ts';

export const BATCH_ROWS = 500;
/** The report keeps this many rejected rows; the count of all of them is derived from the totals. */
export const MAX_REJECTED_IN_REPORT = 1000;

export type Rejected = { row: number; home_listing_id: string | null; reason: string };

export const importFilePath = (dataDir: string, importId: string) => path.join(dataDir, 'imports', importId);

/** Thrown between batches when the process is shutting down: the job is retried later from the start. */
export class ImportInterrupted extends Error {
  override name = 'ImportInterrupted';
}

type ImportDeps = Pick<Deps, 'db' | 'config' | 'log'>;

export interface RunOptions {
  signal?: AbortSignal;
  /** See the catalog-import job's publish; false by default. */
  publish?: boolean;
}

/**
 * The catalog-import job: runs the import; a crash marks the import failed (the agency sees why and can
 * send the file again), while an interrupted import is left to pg-boss, which retries it on the next start.
 */
export async function importCatalog(
  deps: ImportDeps & { signal?: AbortSignal },
  job: JobPayload<typeof catalogImportJob>,
): Promise<void> {
  try {
    await runCatalogImport(deps, job.importId, { signal: deps.signal, publish: job.publish === true });
  } catch (err) {
    if (err instanceof ImportInterrupted) throw err;
    deps.log.error({ err, import: job.importId }, 'catalog import crashed');
    await deps.db
      .update(catalogImports)
      .set({
        status: 'failed',
        error: 'Falha inesperada ao importar o catálogo. Tente novamente.',
        finishedAt: new Date(),
      })
      .where(eq(catalogImports.id, job.importId))
      .catch(() => undefined);
    await rm(importFilePath(deps.config.dataDir, job.importId), { force: true }).catch(() => undefined);
  }
}

async function runCatalogImport(deps: ImportDeps, importId: string, opts: RunOptions = {}): Promise<void> {
  const { db } = deps;
  const [job] = await db.select().from(catalogImports).where(eq(catalogImports.id, importId));
  if (!job || job.status === 'done' || job.status === 'failed') return;
  const file = importFilePath(deps.config.dataDir, importId);
  const startedAt = performance.now();

  const fail = async (message: string) => {
    await db
      .update(catalogImports)
      .set({ status: 'failed', error: message, finishedAt: new Date() })
      .where(eq(catalogImports.id, importId));
    await rm(file, { force: true });
    deps.log.info({ import: importId, error: message }, 'catalog import failed');
  };

  if (!existsSync(file))
    return fail('O arquivo enviado não está mais disponível. Envie o catálogo novamente.');
  // A retried job starts over: the upserts make that safe.
  await db
    .update(catalogImports)
    .set({
      status: 'running',
      error: null,
      bytesRead: 0,
      rowsTotal: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      overLimitDrafts: 0,
      withoutPrice: 0,
      limitNotice: null,
      rejected: [],
    })
    .where(eq(catalogImports.id, importId));

  let sniff: CatalogSniff;
  try {
    sniff = sniffCatalog(await readHead(file));
    sniff = await scan(file, sniff);
  } catch (err) {
    if (err instanceof CatalogParseError || (err instanceof Error && err.name === 'NotACatalogError'))
      return fail(err.message);
    throw err;
  }

  const counts = { rows: 0, created: 0, updated: 0, unchanged: 0, overLimitDrafts: 0, withoutPrice: 0 };
  const rejected: Rejected[] = [];
  const firstRowOf = new Map<string, number>();
  let bytesRead = 0;
  let batch: { row: number; page: ListingPage; hash: string }[] = [];
  let rowsInBatch = 0;

  const reject = (r: Rejected) => {
    if (rejected.length < MAX_REJECTED_IN_REPORT) rejected.push(r);
  };
  let rejectedWritten = 0;
  const flush = async () => {
    if (opts.signal?.aborted)
      throw new ImportInterrupted('Importação interrompida pelo desligamento do servidor.');
    // The progress is recorded in the batch's own transaction: the report never runs ahead of the pages.
    const result = await writeBatch(db, job.realEstateId, batch, opts.publish === true, async (tx, r) => {
      await tx
        .update(catalogImports)
        .set({
          bytesRead,
          rowsTotal: counts.rows + rowsInBatch,
          created: counts.created + r.created,
          updated: counts.updated + r.updated,
          unchanged: counts.unchanged + r.unchanged,
          overLimitDrafts: counts.overLimitDrafts + r.overLimitDrafts,
          withoutPrice: counts.withoutPrice,
          ...(r.overLimitDrafts > 0 && r.plan
            ? {
                limitNotice: overLimitNotice(counts.overLimitDrafts + r.overLimitDrafts, r.plan),
              }
            : {}),
          ...(rejected.length !== rejectedWritten ? { rejected } : {}),
        })
        .where(eq(catalogImports.id, importId));
    });
    counts.created += result.created;
    counts.updated += result.updated;
    counts.unchanged += result.unchanged;
    counts.overLimitDrafts += result.overLimitDrafts;
    counts.rows += rowsInBatch;
    rejectedWritten = rejected.length;
    batch = [];
    rowsInBatch = 0;
  };

  for await (const record of readCatalog(file, sniff, { onBytes: (n) => (bytesRead += n) })) {
    rowsInBatch++;
    const mapped = record.problem
      ? {
          ok: false as const,
          externalId: record.fields.home_listing_id?.trim() || null,
          reason: record.problem,
        }
      : mapListing(record.fields);
    if (!mapped.ok) {
      reject({ row: record.row, home_listing_id: mapped.externalId, reason: mapped.reason });
    } else {
      const first = firstRowOf.get(mapped.page.externalId);
      if (first !== undefined) {
        reject({
          row: record.row,
          home_listing_id: mapped.page.externalId,
          reason: `home_listing_id repetido: já aparece na ${sniff.format === 'xml' ? 'listagem' : 'linha'} ${first}.`,
        });
      } else {
        firstRowOf.set(mapped.page.externalId, record.row);
        batch.push({ row: record.row, page: mapped.page, hash: mapped.hash });
        if (mapped.page.priceCents === null) counts.withoutPrice++;
      }
    }
    if (rowsInBatch >= BATCH_ROWS) await flush();
  }
  await flush();

  const finishedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(catalogImports)
      .set({ status: 'done', bytesRead: job.bytes, rejected, finishedAt })
      .where(eq(catalogImports.id, importId));
    await tx.insert(auditLog).values({
      realEstateId: job.realEstateId,
      userId: job.userId,
      action: 'catalog_import.finished',
      subject: importId,
      details: { ...counts, rejected: counts.rows - counts.created - counts.updated - counts.unchanged },
    });
  });
  await rm(file, { force: true });
  deps.log.info(
    {
      import: importId,
      format: sniff.format,
      encoding: sniff.encoding,
      ...counts,
      ms: Math.round(performance.now() - startedAt),
    },
    'catalog import done',
  );
}

export async function readHead(file: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Parses the whole file once without writing and returns how to read it. Broken UTF-8 means Latin-1,
 * unless valid accented UTF-8 outnumbers the broken bytes (then they are shown as �). The structure
 * (separators, quotes, tags) is ASCII, the same in both readings, so one scan decides both.
 */
async function scan(file: string, sniff: CatalogSniff): Promise<CatalogSniff> {
  const utf8Stats = { broken: 0, accented: 0 };
  let listings = 0;
  for await (const _record of readCatalog(file, sniff, { utf8Stats })) listings++;
  if (!listings) {
    throw new CatalogParseError(
      sniff.format === 'xml'
        ? 'O catálogo não tem nenhum imóvel (elemento “listing”).'
        : 'O catálogo só tem o cabeçalho: nenhum imóvel foi encontrado.',
    );
  }
  if (sniff.encoding === 'utf-8' && utf8Stats.broken > 0 && utf8Stats.broken >= utf8Stats.accented) {
    return { ...sniff, encoding: 'windows-1252' };
  }
  return sniff;
}

interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Pages the catalog would publish, kept as drafts: the plan's published pages were reached. */
  overLimitDrafts: number;
  /** The plan's limit, when the batch read it (with "publish"). */
  plan: { limit: number; plan: string; active: boolean } | null;
}

/** The import's summary when the plan's published pages were reached (pt-BR, names the limit). */
export const overLimitNotice = (drafts: number, room: { limit: number; plan: string; active: boolean }) =>
  `${drafts === 1 ? '1 página foi importada' : `${drafts} páginas foram importadas`} como rascunho: ${
    room.active
      ? `seu plano ${room.plan} permite ${room.limit} páginas publicadas. Despublique uma página ou mude de plano em Assinatura para publicá-las.`
      : 'sua assinatura não está ativa. Escolha um plano em Assinatura para publicá-las.'
  }`;

/**
 * One transaction: look up the batch's pages, insert the new ones and update the changed ones. With
 * "publish", pages that would go online past the plan's published pages are written as drafts (every
 * listing is imported; the summary says how many wait for room).
 */
async function writeBatch(
  db: Db,
  realEstateId: number,
  batch: { row: number; page: ListingPage; hash: string }[],
  publish: boolean,
  onCommit: (tx: Tx, result: BatchResult) => Promise<void>,
): Promise<BatchResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const ids = batch.map((b) => b.page.externalId);
        const found = ids.length
          ? await tx
              .select({
                externalId: pages.externalId,
                importHash: pages.importHash,
                slug: pages.slug,
                status: pages.status,
              })
              .from(pages)
              .where(and(eq(pages.realEstateId, realEstateId), inArray(pages.externalId, ids)))
          : [];
        const existing = new Map(found.map((r) => [r.externalId!, r]));
        const fresh = batch.filter((b) => !existing.has(b.page.externalId));
        const changed = batch.filter((b) => {
          const e = existing.get(b.page.externalId);
          return e && e.importHash !== b.hash;
        });
        const unchanged = batch.length - fresh.length - changed.length;
        const slugs = await allocateSlugs(
          tx,
          fresh.map((b) => `${b.page.title.slice(0, 60)} ${b.page.externalId.slice(0, 30)}`),
        );
        const now = new Date();
        // Read in this batch's transaction: earlier batches' pages are counted.
        const room = publish ? await publishedPagesLeft({ db: tx }, realEstateId) : null;
        let overLimitDrafts = 0;
        const rows = [
          ...fresh.map((b, i) => ({ b, slug: slugs[i]! })),
          ...changed.map((b) => ({ b, slug: existing.get(b.page.externalId)!.slug })),
        ].map(({ b, slug }) => {
          // Drafts unless the agent asked to publish (an existing page keeps its status, below).
          let status: PageStatus = publish ? b.page.status : 'draft';
          // Only a page newly published counts against the plan; one published already stays.
          const current = existing.get(b.page.externalId)?.status;
          const goesOnline = status === 'published' && current !== 'published';
          if (goesOnline && room) {
            if (room.left > 0) room.left--;
            else {
              // No room: an existing page keeps its status (a sold or rented page stays online as it
              // is); a new one is a draft.
              status = current ?? 'draft';
              if (status === 'draft') overLimitDrafts++;
            }
          }
          return {
            ...b.page,
            status,
            realEstateId,
            slug,
            source: 'catalog' as const,
            importHash: b.hash,
            publishedAt: status === 'draft' ? null : now,
            createdAt: now,
            updatedAt: now,
          };
        });
        if (rows.length) {
          await tx
            .insert(pages)
            .values(rows)
            .onConflictDoUpdate({
              target: [pages.realEstateId, pages.externalId],
              set: {
                title: sql`excluded.title`,
                listingCode: sql`excluded.listing_code`,
                status: publish ? sql`excluded.status` : sql`"pages"."status"`,
                purpose: sql`excluded.purpose`,
                propertyType: sql`excluded.property_type`,
                priceCents: sql`excluded.price_cents`,
                areaM2: sql`excluded.area_m2`,
                bedrooms: sql`excluded.bedrooms`,
                bathrooms: sql`excluded.bathrooms`,
                address: sql`excluded.address`,
                neighborhood: sql`excluded.neighborhood`,
                city: sql`excluded.city`,
                state: sql`excluded.state`,
                zipCode: sql`excluded.zip_code`,
                latitude: sql`excluded.latitude`,
                longitude: sql`excluded.longitude`,
                description: sql`excluded.description`,
                externalUrl: sql`excluded.external_url`,
                importHash: sql`excluded.import_hash`,
                // Catalog photos are replaced; photos the agency uploaded itself stay, after them.
                photos: sql`excluded.photos || coalesce((select jsonb_agg(p) from jsonb_array_elements("pages"."photos") p where p->>'key' is not null), '[]'::jsonb)`,
                publishedAt: sql`coalesce("pages"."published_at", excluded.published_at)`,
                updatedAt: sql`excluded.updated_at`,
              },
            });
        }
        const result = {
          created: fresh.length,
          updated: changed.length,
          unchanged,
          overLimitDrafts,
          plan: room && { limit: room.limit, plan: room.plan, active: room.active },
        };
        await onCommit(tx, result);
        return result;
      });
    } catch (err) {
      // A page created elsewhere took one of our slugs between the look-up and the insert: pick again.
      if (isUniqueViolationOf(err, SLUG_UNIQUE_INDEX) && attempt < 3) continue;
      throw err;
    }
  }
}
