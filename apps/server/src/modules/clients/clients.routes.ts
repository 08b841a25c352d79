import {
  clientOptionsQuery,
  companyListQuery,
  companySaveSchema,
  companySearchQuery,
  idParamsSchema,
  MessageKeys as M,
  officeContactRemoveSchema,
  officeContactSaveSchema,
  officeContactsQuery,
  officeListQuery,
  officeRemoveSchema,
  officeSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { ClientsService } from './clients.service.ts';
import type { OfficesService } from './offices.service.ts';

const read = { permission: 'clientsRead' } as const;
const write = { permission: 'clientsWrite' } as const;

/**
 * Client companies, their offices and contacts. Staff read what they may see (access.ts); management
 * writes. Banks of clients go through /api/banks with `companyId` (the banks module, owner 'company').
 */
export function clientRoutes(app: AppInstance, companies: ClientsService, offices: OfficesService) {
  const tags = ['clients'];

  app.post('/api/companies/list', { schema: { body: companyListQuery, tags }, config: read }, async (request) =>
    ok(await companies.list(userOf(request), request.body)),
  );

  app.post('/api/companies/search', { schema: { body: companySearchQuery, tags }, config: read }, async (request) =>
    ok(await companies.search(userOf(request), request.body)),
  );

  app.get('/api/companies/details/:id', { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await companies.details(userOf(request), request.params.id)),
  );

  app.get('/api/companies/:id', { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await companies.get(userOf(request), request.params.id)),
  );

  app.post('/api/companies/save', { schema: { body: companySaveSchema, tags }, config: write }, async (request) => {
    return ok(await companies.save(userOf(request), request.body), M.saved_successfully);
  });

  app.post('/api/offices/list', { schema: { body: officeListQuery, tags }, config: read }, async (request) =>
    ok(await offices.list(userOf(request), request.body)),
  );

  app.get(
    '/api/offices/getOfficeContacts',
    { schema: { querystring: officeContactsQuery, tags }, config: read },
    async (request) => {
      return ok(await offices.contacts(userOf(request), request.query.officeId));
    },
  );

  app.get('/api/offices/:id', { schema: { params: idParamsSchema, tags }, config: read }, async (request) =>
    ok(await offices.get(userOf(request), request.params.id)),
  );

  app.post('/api/offices/save', { schema: { body: officeSaveSchema, tags }, config: write }, async (request) => {
    return ok(await offices.save(userOf(request), request.body), M.saved_successfully);
  });

  app.post('/api/offices/remove', { schema: { body: officeRemoveSchema, tags }, config: write }, async (request) => {
    return ok(await offices.remove(userOf(request), request.body.officeId), M.deleted_successfully);
  });

  app.post(
    '/api/offices/saveContact',
    { schema: { body: officeContactSaveSchema, tags }, config: write },
    async (request) => {
      return ok(await offices.saveContact(userOf(request), request.body), M.saved_successfully);
    },
  );

  app.post(
    '/api/offices/removeContact',
    { schema: { body: officeContactRemoveSchema, tags }, config: write },
    async (request) => {
      const { officeId, contactId } = request.body;
      return ok(await offices.removeContact(userOf(request), officeId, contactId), M.deleted_successfully);
    },
  );

  // The client picker's look-up (metadata; the active clients the user sees).
  app.post(
    '/api/metaData/getClients',
    { schema: { body: clientOptionsQuery.nullish(), tags: ['metadata'] }, config: { permission: 'metadata' } },
    async (request) => {
      return ok(await companies.options(userOf(request), request.body ?? { name: undefined }));
    },
  );
}
