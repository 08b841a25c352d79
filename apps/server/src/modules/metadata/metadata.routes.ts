import type { DictionaryKind } from '@kantora/domain';
import { ok } from '../../http/envelope.ts';
import { userOf } from '../../http/guard.ts';
import type { AppInstance } from '../../http/types.ts';
import type { DictionaryService } from '../settings/index.ts';
import type { UsersService } from '../users/index.ts';
import type { MetadataService } from './metadata.service.ts';

/** Dictionary look-ups: active entries, or every entry for the `getAll*` calls. */
const DICTIONARY_CALLS: Array<[string, DictionaryKind, boolean]> = [
  ['getCurrencies', 'currencies', false],
  ['getDocumentTypes', 'document-types', false],
  ['getEventCategories', 'event-categories', false],
  ['getPaymentTypes', 'payment-types', false],
  ['getAllPaymentTypes', 'payment-types', true],
  ['getDocumentFlowCategories', 'document-flow-categories', false],
];

/** Active users as `{ _id, fullName, access }`. */
const USER_CALLS = [
  ['getAllEmployeeUsers', 'staff'],
  ['getEmployeesUsers', 'employees'],
  ['getManagersUsers', 'managers'],
  ['getClientsUsers', 'clients'],
] as const;

export function metadataRoutes(
  app: AppInstance,
  metadata: MetadataService,
  dictionaries: DictionaryService,
  users: UsersService,
) {
  const config = { permission: 'metadata' } as const;
  const tags = ['metadata'];

  app.get('/api/metaData/getMyCompany', { schema: { tags }, config }, async () => ok(await metadata.myCompany()));
  app.get('/api/metaData/getInvoiceDefaults', { schema: { tags }, config }, async () =>
    ok(await metadata.invoiceDefaults()),
  );
  for (const [call, kind, all] of DICTIONARY_CALLS) {
    app.get(`/api/metaData/${call}`, { schema: { tags }, config }, async () =>
      ok(await dictionaries.options(kind, all)),
    );
  }
  // The VAT types with their e-invoice category and exemption code.
  app.get('/api/metaData/getVATTypes', { schema: { tags }, config }, async () =>
    ok(await metadata.vatTypeOptions(false)),
  );
  app.get('/api/metaData/getAllVATTypes', { schema: { tags }, config }, async () =>
    ok(await metadata.vatTypeOptions(true)),
  );
  // The active services; without their prices for employees.
  app.get('/api/metaData/getServices', { schema: { tags }, config }, async (request) =>
    ok(await metadata.serviceOptions(userOf(request))),
  );
  // The client portal's document dialog and filter need the active categories; the staff look-up above is closed to client users.
  app.get('/api/my-documents-flow/categories', { schema: { tags }, config: { permission: 'portal' } }, async () =>
    ok(await dictionaries.options('document-flow-categories', false)),
  );
  for (const [call, filter] of USER_CALLS) {
    app.get(`/api/metaData/${call}`, { schema: { tags }, config }, async () => ok(await users.options(filter)));
  }
}
