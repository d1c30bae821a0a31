/** The mail module's public API (CONTRIBUTING.md, "Module boundaries"). */
export { createMailer, renderEmail, type Mailer } from './mailer.ts';
export { mailLabel } from './mail-text.ts';
