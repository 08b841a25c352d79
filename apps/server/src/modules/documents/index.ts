/**
 * The documents module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { documentRoutes } from './documents.routes.ts';
export { DocumentsService, userDocumentParent } from './documents.service.ts';
export type { DocumentDto, DocumentParentPolicy } from './documents.service.ts';
