/**
 * The schema half of the endpoint table (see endpoints.ts), joined from each domain's contract file.
 * The server and the OpenAPI document read it; the console imports only its types.
 */
import type { EndpointSchemas } from './endpoint-schema.ts';
import { authEndpoints } from './auth.ts';
import { demoEndpoints } from './demo.ts';
import { pageEndpoints } from './pages.ts';
import { systemEndpoints } from './public-config.ts';

export const endpointSchemas = {
  ...authEndpoints,
  ...demoEndpoints,
  ...pageEndpoints,
  ...systemEndpoints,
} as const satisfies EndpointSchemas;

export type MountedEndpointName = keyof typeof endpointSchemas;
