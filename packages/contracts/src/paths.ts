/** Console routes (docs/product.md#routes), in one typed map. */
export const paths = {
  welcome: '/',
  success: '/sucesso',
  demo: '/demonstracao',
  demoAlias: '/demo',
  accounts: '/contas',
  createAccount: '/contas/criar',
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${slug}`,
  login: '/entrar',
  loginAlias: '/login',
  register: '/registrar',
  forgotPassword: '/esqueci-senha',
  resetPassword: '/redefinir-senha',
  account: '/conta',
  dashboard: '/dashboard',
  pages: '/paginas',
  page: (id: number | string) => `/paginas/${id}`,
  preferences: '/configuracoes',
  integrations: '/integracoes',
  /** Origens de leads (docs/product.md#lead-sources): the portals, Meta lead forms and the lead API. */
  leadSources: '/origens',
  /** Portais e anúncios (docs/product.md#feeds): the listing feeds. */
  feeds: '/portais',
  /** Conversões de anúncios (Meta, Google Ads): docs/product.md#ad-conversions. */
  conversions: '/conversoes',
  leads: '/leads',
  analytics: '/analytics',
  analyticsSession: (sessionId: string) => `/analytics/session/${sessionId}`,
  subscription: '/assinatura',
  users: '/usuarios',
  /**
   * Privacidade (LGPD, docs/privacy.md#rights-of-the-data-subject-art-18-the-privacidade-screen): a person's
   * data, and the retention periods.
   */
  privacy: '/privacidade',
  /** The invitation link of the team e-mail (docs/product.md#team): /convite?token=… */
  invitation: '/convite',
} as const;

/** Public landing page of a property (docs/product.md#landing-pages). */
export const landingPath = (slug: string) => `/imoveis/${slug}`;
