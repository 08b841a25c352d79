/**
 * The portal module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { PortalBillingService } from './portal-billing.service.ts';
export { PortalClientsService } from './portal-clients.service.ts';
export { PortalContractsService } from './portal-contracts.service.ts';
export { portalRoutes } from './portal.routes.ts';
