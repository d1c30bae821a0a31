/**
 * Rows that the hot paths' hand-written statements exchange as JSON: written with
 * `json_populate_recordset` (`insertFromJson`, `rowToJson`) and read with `row_to_json` / `json_agg`
 * (`rowFromJson`), snake_case keys and timestamps as text, against the Drizzle shape the services use.
 */
import { getTableColumns, getTableName, type Table } from 'drizzle-orm';
import { wellFormedText } from '@vitrine/contracts';

type Column = { name: string; dataType: string };
const columnsByTable = new WeakMap<Table, [string, Column][]>();
const columnsOf = (table: Table) => {
  let columns = columnsByTable.get(table);
  if (!columns) columnsByTable.set(table, (columns = Object.entries(getTableColumns(table))));
  return columns;
};

/** A row of `table` from its JSON (every column; a missing key is null, a timestamp becomes a Date). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = json[column.name] ?? null;
    out[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return out as T['$inferSelect'];
}

/** A row of `table` (Drizzle keys) as the JSON object `insertFromJson` reads (column names; null for missing). */
export function rowToJson(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) out[column.name] = row[key] ?? null;
  return out;
}

/** An INSERT of every column of `table` from the JSON array of rows in parameter `param` (e.g. `$1`). */
export function insertFromJson(table: Table, param: string): string {
  const name = getTableName(table);
  const names = columnsOf(table)
    .map(([, column]) => `"${column.name}"`)
    .join(', ');
  return `insert into ${name} (${names}) select ${names} from json_populate_recordset(null::${name}, ${param}::json)`;
}

/**
 * A value as a JSON parameter for the statements above. A string cut in the middle of an emoji (a
 * CRM's answer truncated to 1,000 characters, a pasted message, a beacon's URL) holds half a surrogate pair, which
 * JSON.stringify writes as `\udXXX` and PostgreSQL's JSON refuses, failing the whole statement; such
 * halves become U+FFFD, as PostgreSQL does for a text parameter, in values and in keys (a source's
 * own field names: a form question, an API lead's `extra`).
 */
export function jsonParam(value: unknown): string {
  const json = JSON.stringify(value);
  // The common case costs one scan: JSON.stringify writes only a lone half as an escape (\udXXX).
  return /\\ud[89a-f][0-9a-f]{2}/.test(json) ? JSON.stringify(value, wellFormedJson) : json;
}

/** A JSON.stringify replacer: strings, and the keys of objects, without lone surrogates. */
function wellFormedJson(_key: string, v: unknown): unknown {
  if (typeof v === 'string') return wellFormedText(v);
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const keys = Object.keys(v);
  if (keys.every((k) => wellFormedText(k) === k)) return v;
  return Object.fromEntries(keys.map((k) => [wellFormedText(k), (v as Record<string, unknown>)[k]]));
}
