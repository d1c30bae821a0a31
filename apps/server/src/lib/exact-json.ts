/**
 * JSON read with its big numbers kept exact: an id sent as a number past a double's exact range (Meta's
 * 17-digit ids, a portal's numeric `originLeadId`) would otherwise be rounded, and two different ids
 * would read as one. Such an integer is returned as its source text, a string (Node's JSON.parse hands
 * the reviver each value's source); every other value is what JSON.parse gives.
 */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value) && context?.source
      ? context.source
      : value,
  );
}
