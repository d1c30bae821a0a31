import { z } from 'zod';

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
