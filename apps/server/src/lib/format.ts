/** pt-BR formats for landing pages and e-mails. */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });
const brlCents = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export const formatPrice = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? 'Consulte' : brl.format(cents / 100);
export const formatMoney = (cents: number) => brlCents.format(cents / 100);

/** (11) 98888-7777 / (11) 3333-4444 */
export function formatPhone(national: string | null | undefined): string {
  const d = (national ?? '').replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return national ?? '';
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PROPERTY_TYPE_LABELS: Record<string, string> = {
  apartment: 'Apartamento',
  house: 'Casa',
  condo: 'Casa em condomínio',
  townhouse: 'Sobrado',
  land: 'Terreno',
  commercial: 'Comercial',
  farm: 'Chácara/Sítio',
  other: 'Imóvel',
};

export const PURPOSE_LABELS: Record<string, string> = { sale: 'À venda', rent: 'Para alugar' };
