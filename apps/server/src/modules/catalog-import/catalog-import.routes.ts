/**
 * Catalog import (Meta home listings): the upload, answered 202 with an import to poll, and the
 * import reports. Any member of the agency may import, as they may manage pages.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { CATALOG_IMPORT_MAX_BYTES, catalogImportSchema, pageQuery } from '@vitrine/contracts';
import { auditLog, catalogImports, memberships } from '../../db/schema.ts';
import { HttpError, fieldError, notFound } from '../../lib/http-errors.ts';
import { paginate } from '../../lib/pagination.ts';
import { toImportView } from './import-view.ts';
import {
  CATALOG_IMPORT_JOB_OPTIONS,
  CATALOG_IMPORT_QUEUE,
  ImportInterrupted,
  importFilePath,
  readHead,
  runCatalogImport,
  type CatalogImportJob,
} from './run-catalog-import.ts';
import { NotACatalogError, sniffCatalog } from './sniff-catalog.ts';
import { idParams, uuidParams as uuidParamsOf } from '../../lib/route-params.ts';

const IMPORT_NOT_FOUND = 'Importação não encontrada.';
const uuidParams = uuidParamsOf(IMPORT_NOT_FOUND);
const importResponse = z.object({ data: catalogImportSchema });
const tooLarge = () => new HttpError(413, `O catálogo passa do limite de ${CATALOG_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);

interface Upload {
  filename: string | null;
  bytes: number;
  realEstateId?: string;
}

export default async function catalogImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;

  // Shutting down: the running import stops between batches and its job is retried on the next start.
  const shutdown = new AbortController();
  app.addHook('preClose', async () => shutdown.abort());
  await app.queue.declare(CATALOG_IMPORT_QUEUE);
  // One import at a time per process: each is already a long stream of batched writes.
  await app.queue.work<CatalogImportJob>(CATALOG_IMPORT_QUEUE, { batchSize: 1 }, async (job) => {
    try {
      await runCatalogImport(app, job.importId, { signal: shutdown.signal });
    } catch (err) {
      if (err instanceof ImportInterrupted) throw err; // pg-boss retries it on the next start
      app.log.error({ err, import: job.importId }, 'catalog import crashed');
      await db
        .update(catalogImports)
        .set({ status: 'failed', error: 'Falha inesperada ao importar o catálogo. Tente novamente.', finishedAt: new Date() })
        .where(eq(catalogImports.id, job.importId))
        .catch(() => undefined);
      await rm(importFilePath(app.config.dataDir, job.importId), { force: true }).catch(() => undefined);
    }
  });

  /** Streams the multipart upload to DATA_DIR/imports/{id}; the fields may come before or after the file. */
  const receive = async (request: FastifyRequest, file: string): Promise<Upload> => {
    if (!request.isMultipart()) throw fieldError('catalog', 'Envie o arquivo do catálogo como multipart/form-data, no campo catalog.');
    const upload: Upload = { filename: null, bytes: 0 };
    let received = false;
    for await (const part of request.parts({ limits: { fileSize: CATALOG_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'catalog') {
          part.file.resume();
          throw fieldError(part.fieldname, `Arquivo inesperado no campo ${part.fieldname}: envie o catálogo no campo catalog.`);
        }
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw tooLarge();
        received = true;
        upload.filename = (part.filename || 'catalogo').replace(/[\u0000-\u001f\\/]+/g, '_').slice(-255); // eslint-disable-line no-control-regex
      } else if (part.fieldname === 'real_estate_id') {
        upload.realEstateId = String(part.value ?? '');
      }
    }
    if (!received) throw fieldError('catalog', 'Envie o arquivo do catálogo no campo catalog.');
    upload.bytes = (await stat(file)).size;
    return upload;
  };

  /** The agency named in the form, or the caller's only agency. */
  const resolveAgency = async (request: FastifyRequest, raw: string | undefined) => {
    if (raw !== undefined && raw.trim() !== '') {
      const id = Number(raw);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) throw fieldError('real_estate_id', 'O real_estate_id deve ser o id numérico da imobiliária.');
      return app.requireMembership(request, id);
    }
    const mine = await db.select({ id: memberships.realEstateId }).from(memberships).where(eq(memberships.userId, request.currentUser!.id)).limit(2);
    if (mine.length !== 1) throw fieldError('real_estate_id', 'Informe a imobiliária (real_estate_id) que receberá o catálogo.');
    return app.requireMembership(request, mine[0]!.id);
  };

  r.post(
    '/v1/pages/import/facebook-catalog',
    {
      schema: {
        tags: ['pages'],
        summary: 'Importar catálogo de imóveis da Meta (multipart: arquivo catalog + real_estate_id)',
        description: 'CSV, TSV ou XML até 100 MB, em UTF-8, UTF-16 ou Latin-1. Responde 202 com a importação, para acompanhar em GET /v1/imports/{id}.',
        response: { 202: importResponse },
      },
    },
    async (request, reply) => {
      await app.requireUser(request);
      const id = randomUUID();
      const file = importFilePath(app.config.dataDir, id);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        const upload = await receive(request, file);
        const membership = await resolveAgency(request, upload.realEstateId);
        let sniff;
        try {
          sniff = sniffCatalog(await readHead(file));
        } catch (err) {
          if (err instanceof NotACatalogError) throw fieldError('catalog', err.message);
          throw err;
        }
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(catalogImports)
            .values({
              id,
              realEstateId: membership.realEstateId,
              userId: request.currentUser!.id,
              status: 'queued',
              filename: upload.filename,
              format: sniff.format,
              bytes: upload.bytes,
            })
            .returning();
          await app.queue.sendInTx(tx, CATALOG_IMPORT_QUEUE, { importId: id } satisfies CatalogImportJob, CATALOG_IMPORT_JOB_OPTIONS);
          await tx.insert(auditLog).values({
            realEstateId: membership.realEstateId,
            userId: request.currentUser!.id,
            action: 'catalog_import.queued',
            subject: id,
            details: { filename: upload.filename, format: sniff.format, encoding: sniff.encoding, bytes: upload.bytes },
          });
          return created!;
        });
        app.queue.wake(CATALOG_IMPORT_QUEUE);
        return reply.status(202).send({ data: toImportView(row) });
      } catch (err) {
        await rm(file, { force: true });
        throw err;
      }
    },
  );

  r.get(
    '/v1/imports/:id',
    { schema: { tags: ['pages'], summary: 'Andamento e relatório de uma importação de catálogo', params: uuidParams, response: { 200: importResponse } } },
    async (request) => {
      await app.requireUser(request);
      const [row] = await db.select().from(catalogImports).where(eq(catalogImports.id, request.params.id));
      if (!row) throw notFound(IMPORT_NOT_FOUND);
      try {
        await app.requireMembership(request, row.realEstateId);
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) throw notFound(IMPORT_NOT_FOUND);
        throw err;
      }
      return { data: toImportView(row) };
    },
  );

  r.get(
    '/v1/real-estates/:id/imports',
    {
      schema: {
        tags: ['pages'],
        summary: 'Importações de catálogo recentes (rejected traz só as 10 primeiras linhas; rejected_count, todas)',
        params: idParams,
        querystring: pageQuery(10, 50),
      },
    },
    async (request) => {
      const m = await app.requireMembership(request, request.params.id);
      const q = request.query;
      const where = eq(catalogImports.realEstateId, m.realEstateId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(catalogImports)
          .where(where)
          .orderBy(desc(catalogImports.createdAt), desc(catalogImports.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(catalogImports).where(where),
      ]);
      return paginate({
        data: rows.map((row) => toImportView(row, { rejectedLimit: 10 })),
        total: Number(total?.n ?? 0),
        page: q.page,
        perPage: q.per_page,
        url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/imports`,
        query: q,
      });
    },
  );
}
