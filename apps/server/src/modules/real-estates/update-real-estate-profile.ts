/**
 * The agency's profile and logo. A new logo is stored before the row changes and removed again if the
 * change fails; the replaced (or removed) logo is deleted only after the change committed.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { realEstateProfileFields } from '@vitrine/contracts';
import { auditLog, realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { randomToken } from '../../lib/crypto.ts';
import { notFound } from '../../lib/http-errors.ts';
import { IMAGE_EXTENSIONS } from '../storage/index.ts';

export interface ProfileUpdate {
  realEstateId: number;
  userId: number;
  fields: z.output<typeof realEstateProfileFields>;
  /** The names of the fields the form sent, for the audit entry. */
  sent: string[];
  logo?: { buffer: Buffer; type: keyof typeof IMAGE_EXTENSIONS };
}

export async function updateRealEstateProfile(
  deps: Pick<Deps, 'db' | 'storage'>,
  input: ProfileUpdate,
): Promise<void> {
  const { db, storage } = deps;
  const { fields, realEstateId } = input;
  const [current] = await db
    .select({ logoPath: realEstates.logoPath })
    .from(realEstates)
    .where(eq(realEstates.id, realEstateId));
  if (!current) throw notFound();

  let newLogoPath: string | undefined;
  if (input.logo) {
    newLogoPath = `logos/${realEstateId}/${randomToken(12)}.${IMAGE_EXTENSIONS[input.logo.type]}`;
    await storage.put(newLogoPath, input.logo.buffer, input.logo.type);
  }
  const removeLogo = fields.remove_logo === '1' || fields.remove_logo === 'true';
  const logoPath = newLogoPath ?? (removeLogo ? null : current.logoPath);
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
        .where(eq(realEstates.id, realEstateId));
      await tx.insert(auditLog).values({
        realEstateId,
        userId: input.userId,
        action: 'real_estate.updated',
        details: {
          fields: input.sent.filter((k) => k !== 'remove_logo'),
          logo: newLogoPath ? 'replaced' : removeLogo ? 'removed' : 'kept',
        },
      });
    });
  } catch (err) {
    if (newLogoPath) await storage.delete(newLogoPath).catch(() => undefined);
    throw err;
  }
  if (current.logoPath && current.logoPath !== logoPath)
    await storage.delete(current.logoPath).catch(() => undefined);
}
