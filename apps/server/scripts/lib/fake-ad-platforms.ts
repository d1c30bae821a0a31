/**
 * The ad platforms for the soak and the benchmarks: local fakes of Meta's Graph API (Conversions API)
 * and of the Google Ads API (OAuth token and click-conversion upload), the server settings that point
 * at them, and the body of the console's PUT that turns both on for an agency.
 */
import { startFakeGraph } from '../../src/testing/fake-graph.ts';
import { startFakeGoogleAdsApi } from '../../src/modules/conversions/testing/fake-google-ads-api.ts';

export const AD_KEYS = {
  dataset: '987654321098765',
  metaToken: 'EAAGsoakToken0001',
  customer: '1234567890',
  developerToken: 'devTokenSoak0001',
  clientId: 'soak.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-soak',
  refreshToken: '1//0soakRefresh',
};

export async function startFakeAdPlatforms() {
  const graph = await startFakeGraph({ dataset: { id: AD_KEYS.dataset, token: AD_KEYS.metaToken } });
  const google = await startFakeGoogleAdsApi({
    customerId: AD_KEYS.customer,
    developerToken: AD_KEYS.developerToken,
    clientId: AD_KEYS.clientId,
    clientSecret: AD_KEYS.clientSecret,
    refreshToken: AD_KEYS.refreshToken,
    conversionActions: ['701'],
  });
  return {
    graph,
    google,
    /** The server's settings that send the conversions to these fakes. */
    env: {
      META_GRAPH_URL: graph.graphUrl,
      GOOGLE_ADS_API_URL: google.apiUrl,
      GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    } as Record<string, string>,
    /** `PUT /v1/real-estates/:id/conversions`: Meta and the Google Ads API on, the lead's conversion. */
    settings: {
      notice_confirmed: true,
      meta: { enabled: true, dataset_id: AD_KEYS.dataset, access_token: AD_KEYS.metaToken },
      google_ads: {
        enabled: true,
        customer_id: AD_KEYS.customer,
        developer_token: AD_KEYS.developerToken,
        client_id: AD_KEYS.clientId,
        client_secret: AD_KEYS.clientSecret,
        refresh_token: AD_KEYS.refreshToken,
        conversion_actions: { lead: '701' },
      },
    },
    async close() {
      await graph.close();
      await google.close();
    },
  };
}
