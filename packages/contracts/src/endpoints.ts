/**
 * Every HTTP operation of the product, by name: method and path. This half of the endpoint table has
 * no zod in it, so the console can name any endpoint without loading the validator; the other half
 * (`endpoint-schemas.ts`: params, query, body, response, OpenAPI text) is keyed by the same names.
 *
 * - The server registers a route only through `mount(app, name, handler)` (apps/server/src/lib/mount.ts),
 *   which takes both halves; a test fails any route registered otherwise, and any endpoint here
 *   without a response schema.
 * - The console calls `call(name, {params, query, body})` (apps/console/src/lib/api-client.ts):
 *   arguments and answer are typed from the schemas, the path is built from this table.
 *
 * Paths use Fastify's `:param` syntax. Keep static segments before parametric ones of the same
 * prefix in mind (`/v1/pages/many` beside `/v1/pages/:id`): the router prefers static ones anyway.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface EndpointRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

export const endpoints = {
  // Session and accounts
  getCsrfCookie: { method: 'GET', path: '/sanctum/csrf-cookie' },
  login: { method: 'POST', path: '/v1/login' },
  logout: { method: 'POST', path: '/v1/logout' },
  getMe: { method: 'GET', path: '/v1/me' },
  register: { method: 'POST', path: '/v1/register' },
  forgotPassword: { method: 'POST', path: '/v1/forgot-password' },
  resetPassword: { method: 'POST', path: '/v1/reset-password' },
  getPublicDemo: { method: 'GET', path: '/v1/public/demo' },
  demoLogin: { method: 'POST', path: '/v1/demo/login' },
  getPublicConfig: { method: 'GET', path: '/v1/public/config' },

  // Agencies
  createRealEstate: { method: 'POST', path: '/v1/real-estates' },
  getRealEstate: { method: 'GET', path: '/v1/real-estates/:id' },
  updateRealEstate: { method: 'PUT', path: '/v1/real-estates/:id' },
  updateRealEstateMultipart: { method: 'POST', path: '/v1/real-estates/:id' },

  // Pages
  listPages: { method: 'GET', path: '/v1/real-estates/:id/pages' },
  createPage: { method: 'POST', path: '/v1/real-estates/:id/pages' },
  deleteManyPages: { method: 'DELETE', path: '/v1/pages/many' },
  getPage: { method: 'GET', path: '/v1/pages/:id' },
  updatePage: { method: 'PUT', path: '/v1/pages/:id' },
  previewPage: { method: 'POST', path: '/v1/pages/:id/preview' },
  deletePage: { method: 'DELETE', path: '/v1/pages/:id' },
  suggestPageTitle: { method: 'PATCH', path: '/v1/pages/:id/get-title' },
  addPagePhoto: { method: 'POST', path: '/v1/pages/:id/photos' },
  reorderPagePhotos: { method: 'PUT', path: '/v1/pages/:id/photos' },
  deletePagePhoto: { method: 'DELETE', path: '/v1/pages/:id/photos/:photoId' },

  // Catalog import
  importFacebookCatalog: { method: 'POST', path: '/v1/pages/import/facebook-catalog' },
  getImport: { method: 'GET', path: '/v1/imports/:id' },
  listImports: { method: 'GET', path: '/v1/real-estates/:id/imports' },

  // Videos
  listVideos: { method: 'GET', path: '/v1/real-estates/:id/videos' },
  createVideoUploadUrl: { method: 'POST', path: '/v1/pages/:id/videos/generate-upload-url' },
  finishVideoUpload: { method: 'PATCH', path: '/v1/videos/:id/upload-finished' },
  addVideoFromUrl: { method: 'POST', path: '/v1/pages/:id/videos/from-url' },
  reorderVideos: { method: 'PATCH', path: '/v1/videos/change-sequence' },
  deleteVideo: { method: 'DELETE', path: '/v1/videos/:id' },
  uploadLocalFile: { method: 'PUT', path: '/uploads/*' },

  // Leads
  listLeads: { method: 'GET', path: '/v1/real-estates/:id/leads' },
  exportLeads: { method: 'GET', path: '/v1/real-estates/:id/leads/export' },
  getLead: { method: 'GET', path: '/v1/leads/:id' },
  updateLead: { method: 'PATCH', path: '/v1/leads/:id' },
  releaseLead: { method: 'POST', path: '/v1/leads/:id/release' },
  assignLead: { method: 'PUT', path: '/v1/leads/:id/assignee' },

  // Integrations and deliveries
  getIntegrations: { method: 'GET', path: '/v1/real-estates/:id/integrations' },
  updateIntegrations: { method: 'PUT', path: '/v1/real-estates/:id/integrations' },
  testIntegrations: { method: 'GET', path: '/v1/real-estates/:id/integrations/test' },
  getWebhookSecret: { method: 'GET', path: '/v1/real-estates/:id/integrations/webhook/secret' },
  rotateWebhookSecret: { method: 'POST', path: '/v1/real-estates/:id/integrations/webhook/secret/rotate' },
  sendTestLead: { method: 'POST', path: '/v1/real-estates/:id/integrations/test-lead' },
  listDeliveries: { method: 'GET', path: '/v1/real-estates/:id/deliveries' },
  getDelivery: { method: 'GET', path: '/v1/deliveries/:id' },
  replayDelivery: { method: 'POST', path: '/v1/deliveries/:id/replay' },

  // The lead API (Bearer API key, no session) and its keys
  createApiLead: { method: 'POST', path: '/v1/leads' },
  listApiKeys: { method: 'GET', path: '/v1/real-estates/:id/api-keys' },
  createApiKey: { method: 'POST', path: '/v1/real-estates/:id/api-keys' },
  revokeApiKey: { method: 'DELETE', path: '/v1/real-estates/:id/api-keys/:keyId' },
  // Lead sources and the inbound ledger (docs/product.md#lead-sources)
  receiveGrupoZapLead: { method: 'POST', path: '/v1/inbound/grupo-zap/:publicId' },
  listLeadSources: { method: 'GET', path: '/v1/real-estates/:id/lead-sources' },
  connectLeadSource: { method: 'POST', path: '/v1/real-estates/:id/lead-sources/:channel' },
  rotateLeadSourceSecret: {
    method: 'POST',
    path: '/v1/real-estates/:id/lead-sources/:channel/rotate-secret',
  },
  disconnectLeadSource: { method: 'DELETE', path: '/v1/real-estates/:id/lead-sources/:channel' },
  sendInboundTestLead: { method: 'POST', path: '/v1/real-estates/:id/lead-sources/:channel/test-lead' },
  listInboundRequests: { method: 'GET', path: '/v1/real-estates/:id/inbound-requests' },
  getInboundRequest: { method: 'GET', path: '/v1/inbound-requests/:id' },
  replayInboundRequest: { method: 'POST', path: '/v1/inbound-requests/:id/replay' },
  // Ad conversions (Meta, Google Ads)
  getConversionSettings: { method: 'GET', path: '/v1/real-estates/:id/conversions' },
  updateConversionSettings: { method: 'PUT', path: '/v1/real-estates/:id/conversions' },
  testMetaConversions: { method: 'POST', path: '/v1/real-estates/:id/conversions/meta/test' },
  testGoogleAdsConversions: { method: 'POST', path: '/v1/real-estates/:id/conversions/google-ads/test' },
  rotateGoogleConversionsFile: { method: 'POST', path: '/v1/real-estates/:id/conversions/google/rotate' },
  listConversionSends: { method: 'GET', path: '/v1/real-estates/:id/conversions/sends' },
  getLeadConversions: { method: 'GET', path: '/v1/leads/:id/conversions' },
  getGoogleConversionsFile: { method: 'GET', path: '/v1/public/conversions/google/:token.csv' },

  // Analytics
  getAnalytics: { method: 'GET', path: '/v1/real-estates/:id/analytics' },
  listAnalyticsEvents: { method: 'GET', path: '/v1/real-estates/:id/analytics/events' },

  // Team
  listMembers: { method: 'GET', path: '/v1/real-estates/:id/users' },
  inviteMember: { method: 'POST', path: '/v1/real-estates/:id/users' },
  updateMember: { method: 'PUT', path: '/v1/real-estates/:id/users/:userId' },
  removeMember: { method: 'DELETE', path: '/v1/real-estates/:id/users/:userId' },
  resendInvite: { method: 'POST', path: '/v1/users/:id/resend-invite' },
  getTeamSettings: { method: 'GET', path: '/v1/real-estates/:id/team-settings' },
  updateTeamSettings: { method: 'PUT', path: '/v1/real-estates/:id/team-settings' },
  listAuditLog: { method: 'GET', path: '/v1/real-estates/:id/audit-log' },
  lookupInvitation: { method: 'POST', path: '/v1/invitations/lookup' },
  acceptInvitation: { method: 'POST', path: '/v1/invitations/accept' },

  // Preferences, subscription, domains, privacy
  getPreferences: { method: 'GET', path: '/v1/real-estates/:id/preferences' },
  updatePreferences: { method: 'PUT', path: '/v1/preferences/:id' },
  getSubscription: { method: 'GET', path: '/v1/real-estates/:id/subscription' },
  updateSubscription: { method: 'PUT', path: '/v1/real-estates/:id/subscription' },
  cancelSubscription: { method: 'POST', path: '/v1/real-estates/:id/subscription/cancel' },
  receiveAsaasWebhook: { method: 'POST', path: '/v1/webhooks/asaas' },
  listDomains: { method: 'GET', path: '/v1/real-estates/:id/domains' },
  addDomain: { method: 'POST', path: '/v1/real-estates/:id/domains' },
  verifyDomain: { method: 'POST', path: '/v1/real-estates/:id/domains/:domainId/verify' },
  removeDomain: { method: 'DELETE', path: '/v1/real-estates/:id/domains/:domainId' },
  askTlsPermission: { method: 'GET', path: '/internal/tls/ask' },

  // Meta lead forms (Facebook and Instagram Lead Ads)
  verifyMetaWebhook: { method: 'GET', path: '/v1/webhooks/meta' },
  receiveMetaWebhook: { method: 'POST', path: '/v1/webhooks/meta' },
  getMetaLeadAds: { method: 'GET', path: '/v1/real-estates/:id/lead-sources/meta' },
  connectMetaLeadAds: { method: 'PUT', path: '/v1/real-estates/:id/lead-sources/meta' },
  disconnectMetaLeadAds: { method: 'DELETE', path: '/v1/real-estates/:id/lead-sources/meta' },
  listMetaLeadForms: { method: 'GET', path: '/v1/real-estates/:id/lead-sources/meta/forms' },
  updateMetaLeadForms: { method: 'PUT', path: '/v1/real-estates/:id/lead-sources/meta/forms' },
  startMetaOAuth: { method: 'POST', path: '/v1/real-estates/:id/lead-sources/meta/oauth' },
  discardMetaOAuth: { method: 'DELETE', path: '/v1/real-estates/:id/lead-sources/meta/oauth' },
  connectMetaOAuthPage: { method: 'POST', path: '/v1/real-estates/:id/lead-sources/meta/oauth/page' },
  metaOAuthCallback: { method: 'GET', path: '/v1/oauth/meta/callback' },
  searchPerson: { method: 'POST', path: '/v1/real-estates/:id/privacy/search' },
  exportPerson: { method: 'POST', path: '/v1/real-estates/:id/privacy/export' },
  erasePerson: { method: 'POST', path: '/v1/real-estates/:id/privacy/erase' },
  listPrivacyRequests: { method: 'GET', path: '/v1/real-estates/:id/privacy/requests' },
  getRetention: { method: 'GET', path: '/v1/real-estates/:id/privacy/retention' },
  updateRetention: { method: 'PUT', path: '/v1/real-estates/:id/privacy/retention' },

  // Listing feeds (docs/product.md#feeds): the public feeds on the landing origin, the console's calls
  getVrsyncFeed: { method: 'GET', path: '/feeds/vrsync/:file' },
  getMetaCatalogFeed: { method: 'GET', path: '/feeds/meta/:file' },
  getFeedsOverview: { method: 'GET', path: '/v1/real-estates/:id/feeds' },
  updateFeedChannel: { method: 'PUT', path: '/v1/real-estates/:id/feeds/:channel' },
  rotateFeedToken: { method: 'POST', path: '/v1/real-estates/:id/feeds/:channel/rotate-token' },
  generateListingCodes: { method: 'POST', path: '/v1/real-estates/:id/feeds/listing-codes' },
  updateManyPageChannels: { method: 'PUT', path: '/v1/real-estates/:id/page-channels' },
  getPageChannels: { method: 'GET', path: '/v1/pages/:id/channels' },
  updatePageChannels: { method: 'PUT', path: '/v1/pages/:id/channels' },

  // Landing pages and their public endpoints (served on the landing origin)
  getLandingPage: { method: 'GET', path: '/imoveis/:slug' },
  getLandingAsset: { method: 'GET', path: '/p/:file' },
  submitLead: { method: 'POST', path: '/v1/public/pages/:slug/leads' },
  trackEvents: { method: 'POST', path: '/v1/public/events' },

  // Public site (server-rendered HTML and XML)
  getHome: { method: 'GET', path: '/' },
  getLoginPage: { method: 'GET', path: '/entrar' },
  getLoginPageAlias: { method: 'GET', path: '/login' },
  getRegisterPage: { method: 'GET', path: '/registrar' },
  postLoginPage: { method: 'POST', path: '/entrar' },
  postRegisterPage: { method: 'POST', path: '/registrar' },
  listBlogPosts: { method: 'GET', path: '/blog' },
  getBlogRss: { method: 'GET', path: '/blog/rss.xml' },
  getBlogPost: { method: 'GET', path: '/blog/:slug' },
  getSitemap: { method: 'GET', path: '/sitemap.xml' },
  getSiteSitemap: { method: 'GET', path: '/sitemaps/site.xml' },
  getPagesSitemap: { method: 'GET', path: '/sitemaps/pages-:n.xml' },
  getRobots: { method: 'GET', path: '/robots.txt' },

  // Operations
  getLiveness: { method: 'GET', path: '/health/live' },
  getReadiness: { method: 'GET', path: '/health/ready' },
  getHealth: { method: 'GET', path: '/healthz' },
  getMetrics: { method: 'GET', path: '/metrics' },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpoints;

/** The path of an endpoint with its `:params` filled in (each value URI-encoded). */
export function endpointPath(name: EndpointName, params?: Record<string, string | number>): string {
  return endpoints[name].path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`${name}: falta o parâmetro ${key}`);
    return encodeURIComponent(String(value));
  });
}
