/**
 * The schema half of the endpoint table (see endpoints.ts), joined from each domain's contract file.
 * The server and the OpenAPI document read it; the console imports only its types.
 */
import { analyticsEndpoints } from './analytics.ts';
import type { EndpointSchemas } from './endpoint-schema.ts';
import { authEndpoints } from './auth.ts';
import { demoEndpoints } from './demo.ts';
import { systemEndpoints } from './public-config.ts';
import { realEstateEndpoints } from './real-estates.ts';
import { teamEndpoints } from './team.ts';
import { preferenceEndpoints } from './preferences.ts';
import { subscriptionEndpoints } from './subscription.ts';
import { domainEndpoints } from './domains.ts';
import { privacyEndpoints } from './privacy.ts';
import { landingEndpoints, siteEndpoints } from './public-site.ts';
import { conversionEndpoints } from './conversions.ts';
import { deliveryEndpoints } from './deliveries.ts';
import { inboundEndpoints } from './inbound.ts';
import { integrationEndpoints } from './integrations.ts';
import { leadEndpoints } from './leads.ts';
import { metaLeadAdsEndpoints } from './meta-lead-ads.ts';
import { leadApiEndpoints } from './lead-api.ts';
import { catalogImportEndpoints, pageEndpoints } from './pages.ts';
import { videoEndpoints } from './videos.ts';
import { feedEndpoints } from './feeds.ts';

export const endpointSchemas = {
  ...authEndpoints,
  ...demoEndpoints,
  ...pageEndpoints,
  ...systemEndpoints,
  ...realEstateEndpoints,
  ...teamEndpoints,
  ...preferenceEndpoints,
  ...subscriptionEndpoints,
  ...domainEndpoints,
  ...privacyEndpoints,
  ...catalogImportEndpoints,
  ...videoEndpoints,
  ...leadEndpoints,
  ...metaLeadAdsEndpoints,
  ...integrationEndpoints,
  ...leadApiEndpoints,
  ...deliveryEndpoints,
  ...inboundEndpoints,
  ...conversionEndpoints,
  ...analyticsEndpoints,
  ...landingEndpoints,
  ...siteEndpoints,
  ...feedEndpoints,
} as const satisfies Required<EndpointSchemas>;

export type MountedEndpointName = keyof typeof endpointSchemas;
