/**
 * The billing-run module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { dueCandidates } from './billing-run.queries.ts';
export { billingRunRoutes } from './billing-run.routes.ts';
export { BillingRunService, currentMonth } from './billing-run.service.ts';
