/**
 * The documents-flow module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { scopeCondition } from './documents-flow.queries.ts';
export { documentsFlowRoutes } from './documents-flow.routes.ts';
export { DocumentsFlowService } from './documents-flow.service.ts';
