import { z } from 'zod';

import { ptBrError } from './zod-pt-br.ts';

// Brazilian-Portuguese messages for every schema, on the server and in the console alike (zod's own
// `pt` locale is European Portuguese: "registo", "ficheiro").
z.config({ localeError: ptBrError });

export * from './constants.ts';
export * from './errors.ts';
export * from './api-error.ts';
export * from './auth.ts';
export * from './real-estates.ts';
export * from './pages.ts';
export * from './integrations.ts';
export * from './pagination.ts';
export * from './paths.ts';
export * from './public-config.ts';
export * from './demo.ts';
export * from './validators.ts';
export * from './control-chars.ts';
export * from './leads.ts';
export * from './lead-sources.ts';
export * from './lead-api.ts';
export * from './inbound.ts';
export * from './meta-lead-ads.ts';
export * from './deliveries.ts';
export * from './conversions.ts';
export * from './response-fields.ts';
export * from './analytics.ts';
export * from './team.ts';
export * from './preferences.ts';
export * from './subscription.ts';
export * from './videos.ts';
export * from './privacy.ts';
export * from './domains.ts';
export * from './feeds.ts';
export * from './params.ts';
export * from './endpoints.ts';
export type * from './endpoint-schema.ts';
export { endpointSchemas, type MountedEndpointName } from './endpoint-schemas.ts';
