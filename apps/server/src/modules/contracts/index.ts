/**
 * The contracts module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { contractNotFound, visibleContracts } from './access.ts';
export { contractDocumentParent } from './contract-documents.ts';
export { ContractServicesService } from './contract-services.service.ts';
export { contractRowColumns, contractRowDto, contractStatus, contractViewDto, statusIs } from './contracts.queries.ts';
export type { ContractRecord } from './contracts.queries.ts';
export { contractRoutes } from './contracts.routes.ts';
export { ContractsService } from './contracts.service.ts';
export { buildParties, buildPartiesOfMany, defaultProviderBanks } from './snapshots.ts';
