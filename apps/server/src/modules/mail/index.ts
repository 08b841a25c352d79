/**
 * The mail module's public face (the outbox): other modules queue messages in their own transactions with
 * `queueMail` and read an entity's history with `mailsOf`; app.ts starts the sender and registers the routes.
 */
export { mailsOf } from './mail.queries.ts';
export { queueMail } from './mail.queue.ts';
export type { OutgoingMail } from './mail.queue.ts';
export type { MailView } from '@kantora/domain';
export { mailRoutes } from './mail.routes.ts';
export { MailSender } from './mail.sender.ts';
export type { MailSenderOptions } from './mail.sender.ts';
export { MailsService } from './mail.service.ts';
