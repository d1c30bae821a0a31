/**
 * The Node.js receiver snippet shown on the webhook card (Standard Webhooks v1): HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed with the base64-decoded part after `whsec_`, compared with the
 * `v1,` signatures of the webhook-signature header. Tested against the published test vector.
 */
export const SIGNATURE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: o segredo de assinatura (whsec_...).
// headers: os cabeçalhos recebidos; body: o corpo cru, exatamente como chegou.
function verifyWebhook(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  // Recuse envios com mais de 5 minutos: protege contra repetição.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;

  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key)
    .update(\`\${id}.\${timestamp}.\${body}\`)
    .digest();

  // Pode haver várias assinaturas, separadas por espaço: "v1,<base64> v1,<base64>".
  return headers['webhook-signature'].split(' ').some((item) => {
    const [version, signature = ''] = item.split(',');
    const received = Buffer.from(signature, 'base64');
    return version === 'v1' && received.length === expected.length
      && timingSafeEqual(received, expected);
  });
}`;
