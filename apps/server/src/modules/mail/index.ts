/** The mail module's public API (CONTRIBUTING.md, "Module boundaries"). */
export { createMailer, renderEmail, type Mailer } from './mailer.ts';
export { mailLabel } from './mail-text.ts';
// The message as the mailer composes it (bench:mail measures nodemailer sending it).
export { composeMime, senderOf } from './compose.ts';
