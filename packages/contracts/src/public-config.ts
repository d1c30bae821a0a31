import { z } from 'zod';

/**
 * GET /v1/public/config → {data: PublicConfig}: runtime values the console shows to anyone,
 * signed in or not (the help widget's support contacts).
 */
export const publicConfigSchema = z.object({
  app_name: z.string(),
  support_email: z.string(),
  /** Digits only, with the country code (wa.me format), e.g. 5511999999999. */
  support_whatsapp: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
