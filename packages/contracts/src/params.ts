/** Path and query pieces every endpoint validates the same way (Portuguese messages). */
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

/** The answer of a 204 or a redirect: no body. */
export const noContent = z.null().meta({ description: 'Sem conteúdo.' });

/** An answer that is a document (HTML, CSV, XML, text), described by the endpoint's `produces`. */
export const documentBody = z.string();
