import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { documentBody } from './params.ts';

/**
 * GET /v1/public/config → {data: PublicConfig}: runtime values the console shows to anyone,
 * signed in or not (the help widget's support contacts).
 */
export const publicConfigSchema = z.object({
  app_name: z.string(),
  support_email: z.string(),
  /**
   * Digits only, with the country code (wa.me format), e.g. 5511987654321; null when the server has
   * none configured (the widget then offers only the e-mail).
   */
  support_whatsapp: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** What the health checks answer when everything they probe answers (a 503 says what failed). */
const healthOk = z.object({ status: z.literal('ok') });
const databaseKind = z.enum(['pglite', 'postgres']);

export const systemEndpoints = {
  getPublicConfig: {
    tags: ['system'],
    summary: 'Configuração pública do console',
    response: z.object({ data: publicConfigSchema }),
  },
  getLiveness: {
    tags: ['system'],
    summary: 'Liveness: o processo está no ar',
    response: healthOk,
  },
  getReadiness: {
    tags: ['system'],
    summary: 'Readiness: banco de dados e fila respondem',
    response: healthOk.extend({ database: databaseKind, queue: z.literal('ok') }),
  },
  getHealth: {
    tags: ['system'],
    summary: 'Saúde do serviço',
    response: healthOk.extend({ database: databaseKind }),
  },
  getMetrics: {
    tags: ['system'],
    summary: 'Métricas no formato do Prometheus (Authorization: Bearer METRICS_TOKEN)',
    response: documentBody,
    produces: 'text/plain',
    hide: true,
  },
} as const satisfies EndpointSchemas;
