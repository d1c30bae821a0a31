/**
 * The schema half of the endpoint table (see endpoints.ts), joined from each domain's contract file.
 * The server and the OpenAPI document read it; the console imports only its types.
 */
import type { EndpointSchemas } from './endpoint-schema.ts';
import { pageEndpoints } from './pages.ts';

export const endpointSchemas = {
  ...pageEndpoints,
} as const satisfies EndpointSchemas;

export type MountedEndpointName = keyof typeof endpointSchemas;
