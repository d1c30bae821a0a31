/** Agencies: create (the creator becomes owner), read, and the profile update with its logo. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGO_MAX_BYTES, realEstateProfileFields } from '@vitrine/contracts';
import { HttpError, fieldError, parseOrThrow } from '../../lib/http-errors.ts';
import { multipartText } from '../../lib/multipart-fields.ts';
import { MANAGERS } from '../../plugins/auth.ts';
import { decodesWhole, sniffImageType, svgToPng, type IMAGE_EXTENSIONS } from '../storage/index.ts';
import { createRealEstateForUser } from './create-real-estate.ts';
import { getRealEstateView } from './real-estate-view.ts';
import { updateRealEstateProfile } from './update-real-estate-profile.ts';
import { mount } from '../../lib/mount.ts';

const LOGO_UNREADABLE =
  'Não foi possível ler o logo: o arquivo está corrompido ou não é uma imagem PNG, JPEG, WebP ou SVG válida.';

interface ProfileInput {
  fields: Record<string, unknown>;
  logo?: { buffer: Buffer; type: keyof typeof IMAGE_EXTENSIONS };
}

/** Reads the multipart form (or a JSON body) fully before anything is written. */
async function readProfileInput(
  request: FastifyRequest,
  requireMethodOverride: boolean,
): Promise<ProfileInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(422, 'Envie os dados da imobiliária.', {
        body: ['Envie os dados da imobiliária.'],
      });
    }
    const fields = { ...(body as Record<string, unknown>) };
    if (requireMethodOverride && fields._method !== 'PUT') throw methodOverrideMissing();
    return { fields };
  }
  const fields: Record<string, unknown> = {};
  let logo: ProfileInput['logo'];
  for await (const part of request.parts({
    limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 40, fieldSize: 4096, parts: 41 },
  })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'logo') {
        await part.toBuffer().catch(() => undefined);
        throw fieldError(part.fieldname, `Arquivo inesperado no campo ${part.fieldname}.`);
      }
      const buffer = await part.toBuffer();
      if (buffer.length === 0) continue;
      const type = sniffImageType(buffer);
      if (!type) throw fieldError('logo', 'O logo deve ser uma imagem PNG, JPEG, WebP ou SVG (sem scripts).');
      // Decoded, not only sniffed; an SVG is kept as the PNG drawn from it (storage/image-check.ts).
      const png = type === 'image/svg+xml' ? await svgToPng(buffer) : null;
      if (type === 'image/svg+xml' ? !png : !(await decodesWhole(buffer)))
        throw fieldError('logo', LOGO_UNREADABLE);
      logo = png ? { buffer: png, type: 'image/png' } : { buffer, type };
    } else {
      fields[part.fieldname] = multipartText(part);
    }
  }
  if (requireMethodOverride && String(fields._method ?? '').toUpperCase() !== 'PUT')
    throw methodOverrideMissing();
  return { fields, logo };
}

const methodOverrideMissing = () =>
  new HttpError(405, 'Para atualizar a imobiliária envie _method=PUT no formulário.');

export default async function realEstateRoutes(app: FastifyInstance) {
  const { deps } = app;

  mount(
    app,
    'createRealEstate',
    async (request) => {
      const id = await createRealEstateForUser(deps, {
        name: request.body.name,
        userId: request.currentUser!.id,
      });
      return { data: await getRealEstateView(deps, id, 'owner') };
    },
    { preHandler: app.requireUser },
  );

  mount(app, 'getRealEstate', async (request) => {
    const membership = await app.requireMembership(request, request.params.id);
    return { data: await getRealEstateView(deps, request.params.id, membership.role) };
  });

  const update = async (request: FastifyRequest, id: number, requireOverride: boolean) => {
    const membership = await app.requireMembership(request, id, MANAGERS);
    const input = await readProfileInput(request, requireOverride);
    const { _method: _ignored, ...rest } = input.fields;
    const fields = parseOrThrow(realEstateProfileFields, rest);
    await updateRealEstateProfile(deps, {
      realEstateId: membership.realEstateId,
      userId: request.currentUser!.id,
      fields,
      sent: Object.keys(rest),
      logo: input.logo,
    });
    return { data: await getRealEstateView(deps, membership.realEstateId, membership.role) };
  };

  mount(app, 'updateRealEstateMultipart', (request) => update(request, request.params.id, true));
  mount(app, 'updateRealEstate', (request) => update(request, request.params.id, false));
}
