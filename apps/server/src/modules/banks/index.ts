/**
 * The banks module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { bankRoutes } from './banks.routes.ts';
export { BanksService } from './banks.service.ts';
export type { BankDto, BankOwnerPolicy } from './banks.service.ts';
