/** Agencies: create (the creator becomes owner), read, and the profile update with its logo. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  createRealEstateBody,
  realEstateProfileFields,
  realEstateSchema,
  type RealEstate,
  type Role,
} from '@vitrine/contracts';
import { auditLog, realEstates } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { HttpError, fieldError, notFound, parseOrThrow } from '../../lib/http-errors.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { createRealEstate } from '../auth/users.service.ts';
import { IMAGE_EXTENSIONS, sniffImageType, type Storage } from '../storage/storage.ts';
import { idParams } from '../../lib/route-params.ts';

const dataResponse = z.object({ data: realEstateSchema });

async function getRealEstateView(db: Tx, storage: Storage, id: number, role: Role): Promise<RealEstate> {
  const [row] = await db.select().from(realEstates).where(eq(realEstates.id, id));
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoPath ? storage.url(row.logoPath) : null,
    cnpj: row.cnpj,
    creci: row.creci,
    phone: row.phone,
    whatsapp: row.whatsapp,
    email: row.email,
    website: row.website,
    zip_code: row.zipCode,
    address: row.address,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    role,
    created_at: row.createdAt.toISOString(),
  };
}

interface ProfileInput {
  fields: Record<string, unknown>;
  logo?: { buffer: Buffer; type: keyof typeof IMAGE_EXTENSIONS };
}

/** Reads the multipart form (or a JSON body) fully before anything is written. */
async function readProfileInput(request: FastifyRequest, requireMethodOverride: boolean): Promise<ProfileInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(422, 'Envie os dados da imobiliária.', { body: ['Envie os dados da imobiliária.'] });
    }
    const fields = { ...(body as Record<string, unknown>) };
    if (requireMethodOverride && fields._method !== 'PUT') throw methodOverrideMissing();
    return { fields };
  }
  const fields: Record<string, unknown> = {};
  let logo: ProfileInput['logo'];
  for await (const part of request.parts({ limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 40, fieldSize: 4096, parts: 41 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'logo') {
        await part.toBuffer().catch(() => undefined);
        throw fieldError(part.fieldname, `Arquivo inesperado no campo ${part.fieldname}.`);
      }
      const buffer = await part.toBuffer();
      if (buffer.length === 0) continue;
      const type = sniffImageType(buffer);
      if (!type) throw fieldError('logo', 'O logo deve ser uma imagem PNG, JPEG, WebP ou SVG (sem scripts).');
      logo = { buffer, type };
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  if (requireMethodOverride && String(fields._method ?? '').toUpperCase() !== 'PUT') throw methodOverrideMissing();
  return { fields, logo };
}

const methodOverrideMissing = () =>
  new HttpError(405, 'Para atualizar a imobiliária envie _method=PUT no formulário.');

export default async function realEstateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const { storage } = app;

  r.post(
    '/v1/real-estates',
    {
      schema: { tags: ['real-estates'], summary: 'Criar imobiliária', body: createRealEstateBody, response: { 201: dataResponse } },
      preHandler: app.requireUser,
    },
    async (request, reply) => {
      const user = request.currentUser!;
      const id = await db.transaction(async (tx) => {
        const newId = await createRealEstate(tx, { name: request.body.name, ownerId: user.id });
        await tx.insert(auditLog).values({ realEstateId: newId, userId: user.id, action: 'real_estate.created' });
        return newId;
      });
      return reply.status(201).send({ data: await getRealEstateView(db, storage, id, 'owner') });
    },
  );

  r.get(
    '/v1/real-estates/:id',
    { schema: { tags: ['real-estates'], summary: 'Dados da imobiliária', params: idParams, response: { 200: dataResponse } } },
    async (request) => {
      const membership = await app.requireMembership(request, request.params.id);
      return { data: await getRealEstateView(db, storage, request.params.id, membership.role) };
    },
  );

  const update = async (request: FastifyRequest, id: number, requireOverride: boolean) => {
    const membership = await app.requireMembership(request, id, MANAGERS);
    const input = await readProfileInput(request, requireOverride);
    const { _method: _ignored, ...rest } = input.fields;
    const fields = parseOrThrow(realEstateProfileFields, rest);
    const [current] = await db
      .select({ logoPath: realEstates.logoPath })
      .from(realEstates)
      .where(eq(realEstates.id, membership.realEstateId));
    if (!current) throw notFound();

    let newLogoPath: string | undefined;
    if (input.logo) {
      newLogoPath = `logos/${membership.realEstateId}/${randomToken(12)}.${IMAGE_EXTENSIONS[input.logo.type]}`;
      await storage.put(newLogoPath, input.logo.buffer, input.logo.type);
    }
    const removeLogo = fields.remove_logo === '1' || fields.remove_logo === 'true';
    const logoPath = newLogoPath ?? (removeLogo ? null : current.logoPath);
    const changed = Object.keys(rest).filter((k) => k !== 'remove_logo');
    try {
      await db.transaction(async (tx) => {
        await tx
          .update(realEstates)
          .set({
            name: fields.name,
            cnpj: fields.cnpj,
            creci: fields.creci,
            phone: fields.phone,
            whatsapp: fields.whatsapp,
            email: fields.email?.toLowerCase() ?? null,
            website: fields.website,
            zipCode: fields.zip_code,
            address: fields.address,
            neighborhood: fields.neighborhood,
            city: fields.city,
            state: fields.state?.toUpperCase() ?? null,
            logoPath,
            updatedAt: new Date(),
          })
          .where(eq(realEstates.id, membership.realEstateId));
        await tx.insert(auditLog).values({
          realEstateId: membership.realEstateId,
          userId: request.currentUser!.id,
          action: 'real_estate.updated',
          details: { fields: changed, logo: newLogoPath ? 'replaced' : removeLogo ? 'removed' : 'kept' },
        });
      });
    } catch (err) {
      if (newLogoPath) await storage.delete(newLogoPath).catch(() => undefined);
      throw err;
    }
    if (current.logoPath && current.logoPath !== logoPath) await storage.delete(current.logoPath).catch(() => undefined);
    return { data: await getRealEstateView(db, storage, membership.realEstateId, membership.role) };
  };

  r.post(
    '/v1/real-estates/:id',
    {
      schema: {
        tags: ['real-estates'],
        summary: 'Atualizar perfil da imobiliária (multipart com _method=PUT e arquivo logo)',
        params: idParams,
        response: { 200: dataResponse },
      },
    },
    (request) => update(request, request.params.id, true),
  );
  r.put(
    '/v1/real-estates/:id',
    { schema: { tags: ['real-estates'], summary: 'Atualizar perfil da imobiliária', params: idParams, response: { 200: dataResponse } } },
    (request) => update(request, request.params.id, false),
  );
}

