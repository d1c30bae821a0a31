/** An agency as the API answers it ({id, name, logo_url, …, role}). */
import { eq } from 'drizzle-orm';
import type { RealEstate, Role } from '@vitrine/contracts';
import { realEstates } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/http-errors.ts';

export async function getRealEstateView(
  deps: Pick<Deps, 'db' | 'storage'>,
  id: number,
  role: Role,
): Promise<RealEstate> {
  const [row] = await deps.db.select().from(realEstates).where(eq(realEstates.id, id));
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    logo_url: row.logoPath ? deps.storage.url(row.logoPath) : null,
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
