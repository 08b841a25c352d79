/**
 * The clients module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export {
  assertClientVisible,
  canSeeClient,
  clientNotFound,
  clientBankOwner,
  portalClients,
  seesEveryClient,
  visibleClients,
} from './access.ts';
export { clientRoutes } from './clients.routes.ts';
export { ClientsService, clientList } from './clients.service.ts';
export { OfficesService } from './offices.service.ts';
export { checkPeople } from './people.ts';
export { bulstatContains, nameContains, vatNumberContains } from './search.ts';
export { clientListColumns } from './views.ts';
export type { ContactRow, OfficeRow } from './views.ts';
