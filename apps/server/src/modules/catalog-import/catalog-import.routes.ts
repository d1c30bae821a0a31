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
import { CATALOG_IMPORT_MAX_BYTES, CATALOG_IMPORT_NOT_FOUND } from '@vitrine/contracts';
import { HttpError, fieldError, notFound } from '../../lib/http-errors.ts';
import { multipartText } from '../../lib/multipart-fields.ts';
import { paginate } from '../../lib/pagination.ts';
import { listUserAgencyIds } from '../auth/index.ts';
import { toImportView } from './import-view.ts';
import { findCatalogImport, listCatalogImports } from './list-catalog-imports.ts';
import { queueCatalogImport } from './queue-catalog-import.ts';
import { importFilePath, readHead } from './run-catalog-import.ts';
import { NotACatalogError, sniffCatalog } from './sniff-catalog.ts';
import { mount } from '../../lib/mount.ts';

const REAL_ESTATE_ID_AFTER_FILE =
  'Envie o campo real_estate_id antes do arquivo catalog: a imobiliária é conferida antes de o arquivo ser recebido.';
const tooLarge = () =>
  new HttpError(413, `O catálogo passa do limite de ${CATALOG_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);

interface Upload {
  filename: string | null;
  bytes: number;
  realEstateId?: string;
  /** The "publish" field: publish the offered listings; drafts when absent. */
  publish: boolean;
}

/** "true"/"1"/"on" publish, "false"/"0"/"off"/"" keep drafts; anything else is a 422. */
function publishField(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['true', '1', 'on', 'sim'].includes(value)) return true;
  if (['false', '0', 'off', 'nao', 'não', ''].includes(value)) return false;
  throw fieldError('publish', 'O campo publish (publicar ao importar) deve ser true ou false.');
}

export default async function catalogImportRoutes(app: FastifyInstance) {
  const { deps } = app;

  /** The agency named in the form, or the caller's only agency. */
  const resolveAgency = async (request: FastifyRequest, raw: string | undefined) => {
    if (raw !== undefined && raw.trim() !== '') {
      const id = Number(raw);
      if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
        throw fieldError('real_estate_id', 'O real_estate_id deve ser o id numérico da imobiliária.');
      return app.requireMembership(request, id);
    }
    const mine = await listUserAgencyIds(deps, request.currentUser!.id);
    if (mine.length !== 1)
      throw fieldError('real_estate_id', 'Informe a imobiliária (real_estate_id) que receberá o catálogo.');
    return app.requireMembership(request, mine[0]!);
  };

  /**
   * Streams the multipart upload to DATA_DIR/imports/{id}. The agency (real_estate_id, or the
   * caller's only one) is checked when the file part starts, before a byte of it is stored: so
   * real_estate_id must come before the file (the console sends it first); after it, a 422. The
   * publish field may come before or after.
   */
  const receive = async (request: FastifyRequest, file: string) => {
    if (!request.isMultipart())
      throw fieldError('catalog', 'Envie o arquivo do catálogo como multipart/form-data, no campo catalog.');
    const upload: Upload = { filename: null, bytes: 0, publish: false };
    let membership: Awaited<ReturnType<typeof resolveAgency>> | undefined;
    for await (const part of request.parts({
      limits: { fileSize: CATALOG_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'catalog') {
          throw fieldError(
            part.fieldname,
            `Arquivo inesperado no campo ${part.fieldname}: envie o catálogo no campo catalog.`,
          );
        }
        membership = await resolveAgency(request, upload.realEstateId);
        await pipeline(part.file, createWriteStream(file));
        if (part.file.truncated) throw tooLarge();
        upload.filename = (part.filename || 'catalogo').replace(/[\u0000-\u001f\\/]+/g, '_').slice(-255); // eslint-disable-line no-control-regex
      } else if (part.fieldname === 'real_estate_id') {
        if (membership) throw fieldError('real_estate_id', REAL_ESTATE_ID_AFTER_FILE);
        upload.realEstateId = multipartText(part);
      } else if (part.fieldname === 'publish') {
        upload.publish = publishField(multipartText(part));
      } else {
        multipartText(part);
      }
    }
    if (!membership) throw fieldError('catalog', 'Envie o arquivo do catálogo no campo catalog.');
    upload.bytes = (await stat(file)).size;
    return { upload, membership };
  };

  mount(app, 'importFacebookCatalog', async (request, reply) => {
    await app.requireUser(request);
    const id = randomUUID();
    const file = importFilePath(app.config.dataDir, id);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      const { upload, membership } = await receive(request, file);
      let sniff;
      try {
        sniff = sniffCatalog(await readHead(file));
      } catch (err) {
        if (err instanceof NotACatalogError) throw fieldError('catalog', err.message);
        throw err;
      }
      const row = await queueCatalogImport(deps, {
        id,
        realEstateId: membership.realEstateId,
        userId: request.currentUser!.id,
        filename: upload.filename,
        bytes: upload.bytes,
        publish: upload.publish,
        sniff,
      });
      return { data: toImportView(row) };
    } catch (err) {
      // Refused before the upload was read to its end: close the connection rather than read
      // (and throw away) up to 100 MB more.
      if (!request.raw.complete) reply.header('connection', 'close');
      await rm(file, { force: true });
      throw err;
    }
  });

  mount(app, 'getImport', async (request) => {
    await app.requireUser(request);
    const row = await findCatalogImport(deps, request.params.id);
    if (!row) throw notFound(CATALOG_IMPORT_NOT_FOUND);
    try {
      await app.requireMembership(request, row.realEstateId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) throw notFound(CATALOG_IMPORT_NOT_FOUND);
      throw err;
    }
    return { data: toImportView(row) };
  });

  mount(app, 'listImports', async (request) => {
    const m = await app.requireMembership(request, request.params.id);
    const q = request.query;
    const { data, total } = await listCatalogImports(deps, m.realEstateId, q);
    return paginate({
      data,
      total,
      url: `${app.config.APP_URL}/v1/real-estates/${m.realEstateId}/imports`,
      query: q,
    });
  });
}
