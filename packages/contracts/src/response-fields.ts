/** Field types of response schemas, shared by the domains (the server's answers, the console's types). */
import { z } from 'zod';

/** A moment as the server writes it: ISO 8601 with offset (`Date#toISOString()`, always UTC "Z"). */
export const isoDateTime = z.iso.datetime({ offset: true });
/** A row id made by the database (`gen_random_uuid()`). */
export const rowUuid = z.guid();
