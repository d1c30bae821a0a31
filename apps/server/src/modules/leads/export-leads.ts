/**
 * The leads CSV (the list's filters, newest first) as a stream: rows are read 1,000 at a time by keyset
 * (created_at, id), never OFFSET, and written by csv-stringify, so memory stays flat however many leads
 * an agency has. Every cell is quoted, separated by ";" (Excel in pt-BR), with a BOM so Excel reads
 * UTF-8; a cell that starts like a formula gets a leading apostrophe (CSV injection).
 */
import { pipeline, Readable } from 'node:stream';
import { and, desc, eq, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, type LeadFilters } from '@vitrine/contracts';
import { leads, pages } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { leadsWhere } from './list-leads.ts';

const BATCH = 1000;

const HEADER = [
  'Data',
  'Nome',
  'Telefone',
  'E-mail',
  'Mensagem',
  'Status',
  'Imóvel',
  'Origem',
  'Código do imóvel',
  'Temperatura',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'Repetido',
];

/** A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before them): make it text. */
const neutraliseFormula = (value: unknown): string => {
  const s = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
};

/** A portal's temperature of the lead ("Alta", "Média"…); other sources have none. */
function portalTemperature(l: {
  source: string;
  sourceDetails: Record<string, unknown> | null;
}): string | null {
  const t = l.sourceDetails?.temperature;
  return l.source.startsWith('portal_') && typeof t === 'string' ? t : null;
}

type Batch = Awaited<ReturnType<typeof readBatch>>;

function readBatch(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  filters: LeadFilters,
  after: { at: string; id: string } | null,
) {
  const cond = leadsWhere(realEstateId, filters);
  return deps.db
    .select({
      lead: leads,
      title: pages.title,
      // The cursor as PostgreSQL prints it: microseconds survive, a JavaScript Date would drop them.
      at: sql<string>`${leads.createdAt}::text`,
    })
    .from(leads)
    .leftJoin(pages, eq(pages.id, leads.pageId))
    .where(
      after
        ? and(cond, sql`(${leads.createdAt}, ${leads.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`)
        : cond,
    )
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(BATCH);
}

function toRecord({ lead: l, title }: Batch[number]): string[] {
  return [
    l.createdAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
    l.name,
    l.phone,
    l.email,
    l.message,
    LEAD_STATUS_LABELS[l.status],
    title ?? (l.listingCode ? `imóvel não encontrado (código ${l.listingCode})` : null),
    LEAD_SOURCE_LABELS[l.source] ?? l.source,
    l.listingCode,
    portalTemperature(l),
    l.utmSource,
    l.utmMedium,
    l.utmCampaign,
    l.utmTerm,
    l.utmContent,
    l.gclid,
    l.fbclid,
    l.isRepeat ? 'sim' : 'não',
  ].map(neutraliseFormula);
}

/**
 * The CSV stream. The first batch is read before it is returned, so a failing query is still an
 * ordinary error answer; a failure later ends the download early (and is logged by the server).
 */
export async function exportLeadsCsv(
  deps: Pick<Deps, 'db'>,
  realEstateId: number,
  filters: LeadFilters,
): Promise<Readable> {
  const first = await readBatch(deps, realEstateId, filters, null);
  async function* records() {
    yield HEADER;
    let batch = first;
    for (;;) {
      for (const row of batch) yield toRecord(row);
      const last = batch.at(-1);
      if (batch.length < BATCH || !last) return;
      batch = await readBatch(deps, realEstateId, filters, { at: last.at, id: last.lead.id });
    }
  }
  const csv = stringify({
    delimiter: ';',
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
    bom: true,
  });
  // A failure destroys the CSV stream with the error: the server logs it and the download ends early.
  return pipeline(Readable.from(records()), csv, () => undefined);
}
