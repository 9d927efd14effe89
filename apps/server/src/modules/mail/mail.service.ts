/**
 * The mail module's reads for the admin's screens and command: the outbox, newest first, and the mail not sent
 * yet. Sending is mailer.ts.
 */
export { listOutbox, listUnsentMail } from './mail.repository.js';
