/** On an empty database: the demo login, member of two agencies so that the account switcher shows. */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { memberships, realEstates, users } from '../../db/schema.ts';
import { createRealEstate, createUser } from '../auth/users.service.ts';

export const DEMO_EMAIL = 'demo@imobiliaria.test';
export const DEMO_PASSWORD = 'demo1234';

export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const demoId = await createUser(tx, { name: 'Ana Demonstração', email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const mainId = await createRealEstate(tx, { name: 'Imobiliária Demonstração', ownerId: demoId });
    await tx
      .update(realEstates)
      .set({
        city: 'São Paulo',
        state: 'SP',
        phone: '1130000000',
        whatsapp: '11999990000',
        email: 'contato@imobiliaria.test',
        creci: '12345-J',
      })
      .where(eq(realEstates.id, mainId));
    // "Imóveis Litoral" belongs to someone else; the demo user is its admin.
    const ownerId = await createUser(tx, { name: 'Carlos Litoral', email: 'carlos@litoral.test', password: randomToken(18) });
    const litoralId = await createRealEstate(tx, { name: 'Imóveis Litoral', ownerId });
    await tx.update(realEstates).set({ city: 'Santos', state: 'SP' }).where(eq(realEstates.id, litoralId));
    await tx.insert(memberships).values({ realEstateId: litoralId, userId: demoId, role: 'admin' });
  });
  return true;
}
