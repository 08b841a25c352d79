/**
 * The timesheets module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { timesheetRoutes } from './timesheets.routes.ts';
export { TimesheetsService } from './timesheets.service.ts';
