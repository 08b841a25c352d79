import {
  clientContractsQuery,
  contractCancelSchema,
  contractDeregisterSchema,
  contractListQuery,
  contractRegisterSchema,
  contractSaveBanksSchema,
  contractSaveSchema,
  contractSearchQuery,
  contractServiceAddSchema,
  contractServiceListQuery,
  contractServiceRemoveSchema,
  contractServiceSettingsSchema,
  idParamsSchema,
  MessageKeys as M,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { requireValidForm } from '../../http/validation.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { ContractServicesService } from './contract-services.service.ts';
import type { ContractsService } from './contracts.service.ts';

const read = { permission: 'contractsRead' } as const;
const write = { permission: 'contractsWrite' } as const;

/**
 * Contracts and their services (the API is described in packages/domain/src/contracts.schemas.ts). Every staff role
 * reads what it may see (access.ts); management writes (and changes a registered contract's banks); admin returns a
 * contract to draft. Documents of contracts
 * go through /api/documents with `contractId` (contract-documents.ts decides).
 */
export function contractRoutes(app: AppInstance, contracts: ContractsService, services: ContractServicesService) {
  const tags = ['contracts'];

  app.post('/api/contracts/list', { schema: { body: contractListQuery, tags }, config: read }, async (request) =>
    ok(await contracts.list(userOf(request), request.body)),
  );

  app.post('/api/contracts/search', { schema: { body: contractSearchQuery, tags }, config: read }, async (request) =>
    ok(await contracts.search(userOf(request), request.body)),
  );

  app.get('/api/contracts/:id', { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await contracts.get(userOf(request), request.params.id)),
  );

  // A form that fails validation answers please_fill_all_required_fields with every field's error (http/validation.ts).
  app.post(
    '/api/contracts/save',
    { schema: { body: contractSaveSchema, tags }, config: write, attachValidation: true },
    async (request) => {
      requireValidForm(request);
      return ok(await contracts.save(userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(
    '/api/contracts/register',
    { schema: { body: contractRegisterSchema, tags }, config: write },
    async (request) => {
      return ok(await contracts.register(userOf(request), request.body.contractId), M.saved_successfully);
    },
  );

  // The provider's banks of a registered contract, and only them (a body with other fields is refused).
  app.post(
    '/api/contracts/saveBanks',
    { schema: { body: contractSaveBanksSchema, tags }, config: { permission: 'contractsBanks' } },
    async (request) => {
      return ok(await contracts.saveBanks(userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(
    '/api/contracts/cancel',
    { schema: { body: contractCancelSchema, tags }, config: write },
    async (request) => {
      return ok(
        await contracts.cancel(userOf(request), request.body.contractId, request.body.cancelationReason),
        M.saved_successfully,
      );
    },
  );

  app.post(
    '/api/contracts/deregister',
    { schema: { body: contractDeregisterSchema, tags }, config: { permission: 'contractsUnregister' } },
    async (request) => {
      return ok(await contracts.deregister(userOf(request), request.body.contractId), M.saved_successfully);
    },
  );

  app.post(
    '/api/contract-services/list',
    { schema: { body: contractServiceListQuery, tags }, config: read },
    async (request) => ok(await services.list(userOf(request), request.body)),
  );

  app.get('/api/contract-services/:id', { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await services.get(userOf(request), request.params.id)),
  );

  app.post(
    '/api/contract-services/addServiceToContract',
    { schema: { body: contractServiceAddSchema, tags }, config: write },
    async (request) => {
      return ok(await services.add(userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(
    '/api/contract-services/removeServiceFromContract',
    { schema: { body: contractServiceRemoveSchema, tags }, config: write },
    async (request) => {
      await services.remove(userOf(request), request.body.contractServiceId);
      return ok(true, M.deleted_successfully);
    },
  );

  app.post(
    '/api/contract-services/save',
    { schema: { body: contractServiceSettingsSchema, tags }, config: write },
    async (request) => {
      return ok(await services.saveSettings(userOf(request), request.body), M.saved_successfully);
    },
  );

  // The contract pickers of timesheets and billing (metadata).
  app.post(
    '/api/metaData/getClientContracts',
    { schema: { body: clientContractsQuery, tags: ['metadata'] }, config: { permission: 'metadata' } },
    async (request) => {
      return ok(await contracts.clientContracts(userOf(request), request.body));
    },
  );
}
