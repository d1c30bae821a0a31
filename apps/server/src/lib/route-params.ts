/** Path and query pieces every module validates the same way (Portuguese messages). */
import { z } from 'zod';

/** `{id}` of an agency or a page: a positive 32-bit integer. */
export const idParams = z.object({
  id: z.coerce
    .number({ error: 'O id deve ser um número.' })
    .int('O id deve ser um número inteiro.')
    .positive('O id deve ser positivo.')
    .max(2_147_483_647, 'O id é grande demais.'),
});

/** `{id}` of a lead, delivery or import: a UUID; anything else reads as "not found". */
export const uuidParams = (notFoundMessage: string) => z.object({ id: z.uuid({ error: notFoundMessage }) });

/** A day filter (`from`, `to`) as AAAA-MM-DD. */
export const dayFilter = (label: string) =>
  z.iso.date({ error: `${label} deve estar no formato AAAA-MM-DD.` }).optional();

/** Day filters are São Paulo days: where they start and end. */
export const startOfDay = (day: string) => new Date(`${day}T00:00:00-03:00`);
export const endOfDay = (day: string) => new Date(`${day}T23:59:59.999-03:00`);
