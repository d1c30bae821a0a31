// Public API of the domains module (CONTRIBUTING.md, "Module boundaries").
export { agencyOfHost, agencyPagesUrl, forgetDomains, verifiedDomainOf } from './domain-directory.ts';
