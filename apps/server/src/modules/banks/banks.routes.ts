import { bankListQuery, bankSaveSchema, idParamsSchema, MessageKeys as M } from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { BanksService } from './banks.service.ts';

/**
 * Banks of the own company and (later) of client companies. Staff read them and management saves them;
 * the owner's policy narrows that (the own company's banks: settings role only).
 */
export function bankRoutes(app: AppInstance, banks: BanksService) {
  const tags = ['banks'];
  app.post(
    '/api/banks/list',
    { schema: { body: bankListQuery, tags }, config: { permission: 'clientsRead' } },
    async (request) => {
      return ok(await banks.list(userOf(request), request.body));
    },
  );

  app.get(
    '/api/banks/:id',
    { schema: { params: idParamsSchema, tags }, config: { permission: 'clientsRead' } },
    async (request) => {
      return ok(await banks.get(userOf(request), request.params.id));
    },
  );

  app.post(
    '/api/banks/save',
    { schema: { body: bankSaveSchema, tags }, config: { permission: 'clientsWrite' } },
    async (request) => {
      return ok(await banks.save(userOf(request), request.body), M.saved_successfully);
    },
  );
}
