/**
 * The users module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { UserRecordsService } from './user-records.service.ts';
export { userRoutes } from './users.routes.ts';
export { UsersService, userOptionColumns } from './users.service.ts';
