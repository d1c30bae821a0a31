/**
 * The typed half of an endpoint (see endpoints.ts): what the router validates and what the OpenAPI
 * document says. Each domain's contract file declares its endpoints' schemas as an
 * `EndpointSchemas` object; `endpoint-schemas.ts` joins them.
 */
import type { z } from 'zod';
import type { EndpointName } from './endpoints.ts';

export interface EndpointSchema {
  /** One line, in Portuguese: the OpenAPI summary. */
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  /** A JSON body. Multipart and raw bodies have none here: `consumes` names them, the handler reads them. */
  readonly body?: z.ZodType;
  /**
   * The handler parses the body itself (it accepts more than one shape, or needs its own messages):
   * `body` then types the callers and the document, and the router lets the body through unchecked.
   */
  readonly bodyParsedByHandler?: boolean;
  readonly consumes?: readonly string[];
  /** The success status; 200 when absent. */
  readonly status?: 200 | 201 | 202 | 204 | 301 | 302 | 303 | 308;
  /**
   * The answer on success. JSON by default; with `produces` the body is that media type (HTML, CSV,
   * XML, text) and the schema documents it. A 204 or a redirect answers `noContent`.
   */
  readonly response: z.ZodType;
  readonly produces?: string;
  /**
   * Failures documented with their own body (a 409 that says why, a 422 with a report); every other
   * failure answers the shared error shape.
   */
  readonly errors?: { readonly [status: number]: z.ZodType };
  /**
   * How the operation is authenticated when not by the console's session: OpenAPI security requirements
   * naming the schemes app.ts declares (`leadApiKey`: the lead API's Bearer key).
   */
  readonly security?: readonly { readonly [scheme: string]: readonly string[] }[];
  /** Left out of the OpenAPI document (operational and browser-only routes); still in the table. */
  readonly hide?: boolean;
}

export type EndpointSchemas = { readonly [N in EndpointName]?: EndpointSchema };
