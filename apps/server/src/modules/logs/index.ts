/**
 * The logs module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { writeLog, writeLogs } from './audit.ts';
export type { LogEntry } from './audit.ts';
export { logChange } from './log-change.ts';
export type { LogSubject } from './log-change.ts';
export { logRoutes } from './logs.routes.ts';
export { LogsService } from './logs.service.ts';
