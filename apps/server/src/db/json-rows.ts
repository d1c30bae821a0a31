/**
 * Rows read as JSON by the hot paths' hand-written statements (`row_to_json`, `json_agg`): snake_case
 * keys and timestamps as text, turned back into the Drizzle shape the services use.
 */
import { getTableColumns, type Table } from 'drizzle-orm';

const columnsByTable = new WeakMap<Table, [string, { name: string; dataType: string }][]>();
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
