import type { RealEstateSummary, User } from '@vitrine/contracts';

/**
 * Accepts anything shaped like the contract's User (an object with an e-mail and a real_estates
 * list) and returns it normalised; null otherwise. Deliberately lenient about extra or missing
 * optional fields so that a newer server does not lock users out of an older console.
 */
export function toUser(value: unknown): User | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.email !== 'string' || !Array.isArray(v.real_estates)) return null;
  const realEstates: RealEstateSummary[] = [];
  for (const item of v.real_estates as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    if (typeof r.id !== 'number') continue;
    realEstates.push({
      id: r.id,
      name: typeof r.name === 'string' ? r.name : '',
      logo_url: typeof r.logo_url === 'string' && r.logo_url !== '' ? r.logo_url : null,
      role: r.role === 'owner' || r.role === 'admin' || r.role === 'agent' ? r.role : 'agent',
    });
  }
  return {
    id: typeof v.id === 'number' ? v.id : 0,
    name: typeof v.name === 'string' ? v.name : '',
    email: v.email,
    real_estates: realEstates,
  };
}
