import { z } from 'zod';

/**
 * Error bodies (docs/product.md#api-client): Laravel-style, messages in Portuguese; `errors` by field on 422.
 */
export const apiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
