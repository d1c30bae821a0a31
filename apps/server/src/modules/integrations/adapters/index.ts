// Lead destinations, one adapter per integration name.
import { arboAdapter } from './arbo.ts';
import { goHarryAdapter } from './go-harry.ts';
import { jetimobAdapter } from './jetimob.ts';
import type { IntegrationAdapters } from './types.ts';
import { webhookAdapter } from './webhook.ts';

export const integrationAdapters: IntegrationAdapters = {
  webhook: webhookAdapter,
  arbo: arboAdapter,
  jetimob: jetimobAdapter,
  go_harry: goHarryAdapter,
};

export * from './types.ts';
export { arboAdapter } from './arbo.ts';
export { createGoHarryAdapter, goHarryAdapter, type GoHarryAdapter } from './go-harry.ts';
export { jetimobAdapter, jetimobKeysProblem } from './jetimob.ts';
export {
  buildLeadCreatedBody,
  generateWebhookSecret,
  signWebhook,
  verifyWebhookSignature,
  webhookAdapter,
  WEBHOOK_MAX_BODY_BYTES,
} from './webhook.ts';
export { toGrupoZapLead, LEAD_ORIGIN, type GrupoZapLead } from './grupo-zap-lead.ts';
export { parseRetryAfter, RESPONSE_SNIPPET_CHARS } from './http-outcome.ts';
