/**
 * The ready-to-copy command of the lead API card (docs/lead-api.md): one lead sent with curl, with the
 * key (the new one right after creating it, a placeholder otherwise) and an Idempotency-Key.
 */
export const KEY_PLACEHOLDER = 'SUA_CHAVE';

/** A random Idempotency-Key (a UUID v4) for the example: running it twice shows the replay. */
export function exampleIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function curlExample({
  endpoint,
  token,
  idempotencyKey,
}: {
  endpoint: string;
  token?: string | null;
  idempotencyKey: string;
}): string {
  const body = {
    name: 'Maria Souza',
    email: 'maria.souza@exemplo.com.br',
    phone: '(11) 98888-7777',
    message: 'Gostaria de visitar o imóvel.',
    listing_code: 'AP-1234',
    origin: 'Site',
    utm_source: 'google',
    consent: true,
  };
  const json = JSON.stringify(body, null, 2)
    .split('\n')
    .map((line, i) => (i === 0 ? line : `  ${line}`))
    .join('\n');
  return [
    `curl -X POST '${endpoint}' \\`,
    `  -H 'Authorization: Bearer ${token || KEY_PLACEHOLDER}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: ${idempotencyKey}' \\`,
    `  -d '${json}'`,
  ].join('\n');
}
