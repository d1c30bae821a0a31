// Public API of the domains module (CONTRIBUTING.md, "Module boundaries").
export { agencyOfHost, agencyPagesUrl, forgetDomains, verifiedDomainOf } from './domain-directory.ts';
export { domainRecheckJob } from './jobs/domain-recheck.job.ts';
