import {
  DICTIONARY_KINDS,
  dictionaryListSchemas,
  dictionarySaveSchemas,
  idParamsSchema,
  invoiceSettingsSaveSchema,
  MessageKeys as M,
  myCompanySaveSchema,
  registerNumbersSaveSchema,
} from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { DictionaryService } from './dictionary.service.ts';
import type { InvoiceSettingsService } from './invoice-settings.service.ts';
import type { MyCompanyService } from './my-company.service.ts';
import type { SetupStatusService } from './setup-status.service.ts';

export interface SettingsServices {
  myCompany: MyCompanyService;
  invoices: InvoiceSettingsService;
  dictionaries: DictionaryService;
  setupStatus: SetupStatusService;
}

const config = { permission: 'settings' } as const;
const tags = ['settings'];

export function settingsRoutes(app: AppInstance, services: SettingsServices) {
  const { myCompany, invoices, dictionaries, setupStatus } = services;

  // The first-run checklist: each item's done state.
  app.get('/api/settings/setupStatus', { schema: { tags }, config: { permission: 'setupStatus' } }, async () =>
    ok(await setupStatus.status()),
  );

  app.get('/api/settings/myCompany/get', { schema: { tags }, config }, async () => ok(await myCompany.get()));

  app.post('/api/settings/myCompany/save', { schema: { body: myCompanySaveSchema, tags }, config }, async (request) => {
    return ok(await myCompany.save(userOf(request), request.body), M.saved_successfully);
  });

  app.get('/api/settings/invoices/get', { schema: { tags }, config }, async () => ok(await invoices.get()));

  app.post(
    '/api/settings/invoices/save',
    { schema: { body: invoiceSettingsSaveSchema, tags }, config },
    async (request) => {
      return ok(await invoices.save(userOf(request), request.body), M.saved_successfully);
    },
  );

  app.get('/api/settings/invoices/getRegisterNumbers', { schema: { tags }, config }, async () =>
    ok(await invoices.getRegisterNumbers()),
  );

  app.post(
    '/api/settings/invoices/saveRegisterNumbers',
    { schema: { body: registerNumbersSaveSchema, tags }, config },
    async (request) => {
      return ok(await invoices.saveRegisterNumbers(userOf(request), request.body), M.saved_successfully);
    },
  );

  // The simple lists share one service and these three calls each.
  for (const kind of DICTIONARY_KINDS) {
    const kindTags = ['settings', kind];
    app.post(
      `/api/settings/${kind}/list`,
      { schema: { body: dictionaryListSchemas[kind], tags: kindTags }, config },
      async (request) => {
        return ok(await dictionaries.list(kind, request.body));
      },
    );
    app.get(
      `/api/settings/${kind}/:id`,
      { schema: { params: idParamsSchema, tags: kindTags }, config },
      async (request) => {
        return ok(await dictionaries.get(kind, request.params.id));
      },
    );
    app.post(
      `/api/settings/${kind}/save`,
      { schema: { body: dictionarySaveSchemas[kind], tags: kindTags }, config },
      async (request) => {
        return ok(await dictionaries.save(kind, userOf(request), request.body), M.saved_successfully);
      },
    );
  }
}
