import { z } from 'zod';
import { userResponse } from './auth.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';

/**
 * GET /v1/public/demo → {data: DemoInfo}: whether this installation holds the seeded demo
 * (SEED_DEMO), and then its login, for the /demo screen. POST /v1/demo/login signs in as the demo
 * user (answers like /v1/login), or 404 when the demo is not available.
 */
export const demoInfoSchema = z.object({
  enabled: z.boolean(),
  /** Only when enabled. */
  email: z.string().nullable(),
  password: z.string().nullable(),
});
export type DemoInfo = z.infer<typeof demoInfoSchema>;

export const DEMO_UNAVAILABLE_MESSAGE =
  'A demonstração não está disponível nesta instalação. Crie a sua conta para experimentar o painel.';

export const demoEndpoints = {
  getPublicDemo: {
    tags: ['system'],
    summary: 'Demonstração disponível?',
    response: z.object({ data: demoInfoSchema }),
  },
  demoLogin: { tags: ['auth'], summary: 'Entrar na demonstração', response: userResponse },
} as const satisfies EndpointSchemas;
