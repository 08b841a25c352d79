import { makeEik, sofiaDay } from '@kantora/domain';
import { apiToken } from './actions.ts';
import { ACCOUNTS, baseUrl } from './browser.ts';

/**
 * The records a spec works on, made through the HTTP API before it opens a page: each spec makes its own clients,
 * contracts and documents, named with its own run mark, so it does not lean on what another spec or the demo left
 * (the specs pass in any file order: E2E_ORDER=reverse). The demo's accounts, users, services and dictionaries are
 * shared fixtures, read and not changed.
 */

type Account = { username: string; password: string };
const tokens = new Map<string, Promise<string>>();

/** A mark for the names of one spec file's records: the spec's own label and this mark keep them apart. */
export const runMark = () =>
  (Date.now().toString(36).slice(-4) + Math.floor(Math.random() * 1296).toString(36)).toUpperCase();

/** A call as `account` (the admin unless told): POST with a body, else GET; answers the envelope's Result. */
export async function api<T = any>(path: string, body?: unknown, account: Account = ACCOUNTS.admin()): Promise<T> {
  if (!tokens.has(account.username)) tokens.set(account.username, apiToken(account));
  const token = await (tokens.get(account.username) as Promise<string>);
  const response = await fetch(`${baseUrl()}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (JSON.parse(text) as { Result: T }).Result;
}

let serial = 10_000_000 + Math.floor(Math.random() * 80_000_000);
const localized = (bg: string, it: string = bg) => ({ bg, it });

/** An active dictionary entry by its Bulgarian name (`getCurrencies`, `getVATTypes`, `getServices`...). */
export async function dictionaryEntry(call: string, bg: string): Promise<{ _id: string; name: { bg: string } }> {
  const entries = await api<Array<{ _id: string; name: { bg: string }; code?: string }>>(`metaData/${call}`);
  const found = entries.find((entry) => entry.name.bg === bg || entry.code === bg);
  if (!found) throw new Error(`no ${call} entry named ${bg}`);
  return found;
}

export interface Client {
  _id: string;
  name: string;
  /** Its EUR account. */
  bank: string;
}

/**
 * A Bulgarian client (a fresh EIK, a BG VAT number, its headquarters in Sofia) with a EUR account, made by the admin;
 * `managedBy` names the employees who see it (their full names); `italian` makes it a business registered for VAT in
 * Italy (an IT VAT number, its headquarters in Milan); `notificationsEmails` are where its documents are mailed;
 * `clientUsers` are the ids of the portal users who see it.
 */
export async function createClient(
  name: string,
  options: { managedBy?: string[]; italian?: boolean; notificationsEmails?: string[]; clientUsers?: string[] } = {},
): Promise<Client> {
  serial += 1;
  const bulstat = makeEik(String(serial));
  const users = options.managedBy?.length
    ? await api<Array<{ _id: string; fullName: string | { bg: string } }>>('metaData/getAllEmployeeUsers')
    : [];
  const managingUsers = (options.managedBy ?? []).map((fullName) => {
    const user = users.find(
      (candidate) => (typeof candidate.fullName === 'string' ? candidate.fullName : candidate.fullName.bg) === fullName,
    );
    if (!user) throw new Error(`no employee named ${fullName}`);
    return user._id;
  });
  const client = await api<{ _id: string }>('companies/save', {
    name: localized(name),
    bulstat,
    vatNumber: options.italian ? `IT${String(serial).padStart(11, '0')}` : `BG${bulstat}`,
    managingUsers,
    notificationsEmails: options.notificationsEmails ?? [],
    ...(options.clientUsers ? { clientUsers: options.clientUsers } : {}),
    office: {
      ...(options.italian
        ? {
            country: localized('Италия', 'Italia'),
            city: localized('Милано', 'Milano'),
            street: localized('ул. Данте 7', 'via Dante 7'),
          }
        : {
            country: localized('България', 'Bulgaria'),
            city: localized('София', 'Sofia'),
            street: localized('ул. Шипка 1', 'via Shipka 1'),
          }),
      phone: '+359 2 123 4567',
      email: `office-${bulstat}@example.bg`,
    },
  });
  const euro = await dictionaryEntry('getCurrencies', 'EUR');
  const bank = await api<{ _id: string }>('banks/save', {
    companyId: client._id,
    name: localized('УниКредит Булбанк'),
    address: localized('София', 'Sofia'),
    iban: 'BG80BNBG96611020345678',
    currency: euro._id,
  });
  return { _id: client._id, name, bank: bank._id };
}

/** The first day of the current month in Sofia, or of the month `offset` months from it (a contract from this month has no late period). */
export function monthStart(offset = 0): string {
  const [year, month] = sofiaDay().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
}

/**
 * A registered monthly contract of `client` in EUR from `fromDate` (this month unless told) with the catalogue
 * `services` (Bulgarian names), the own company's default accounts as the provider's, made by the admin.
 */
export async function registeredContract(
  client: Client,
  options: { name: string; services: string[]; fromDate?: string; pricePerMonth?: number },
): Promise<{ _id: string; name: string }> {
  const company = await api<{ banks: Array<{ _id: string; default: boolean; default2: boolean }> }>(
    'metaData/getMyCompany',
  );
  const euro = await dictionaryEntry('getCurrencies', 'EUR');
  const contract = await api<{ _id: string }>('contracts/save', {
    name: localized(options.name),
    customerId: client._id,
    customerBank: client.bank,
    providerBank: company.banks.find((bank) => bank.default)?._id,
    providerBank2: company.banks.find((bank) => bank.default2)?._id,
    fromDate: options.fromDate ?? monthStart(),
    toDate: '2099-12-31',
    invoiceMonthlyInterval: 1,
    pricePerMonth: options.pricePerMonth ?? 300,
    currency: euro._id,
  });
  for (const service of options.services) {
    const entry = await dictionaryEntry('getServices', service);
    await api('contract-services/addServiceToContract', { contractId: contract._id, serviceId: entry._id });
  }
  await api('contracts/register', { contractId: contract._id });
  return { _id: contract._id, name: options.name };
}

export interface InvoiceRow {
  name: { bg: string; it: string };
  price: number;
  quantity: number;
}

/** A draft invoice of `client` with `rows`, made by the manager (the server's default dates and VAT unless `extra`). */
export async function draftInvoice(client: Client, rows: InvoiceRow[], extra: Record<string, unknown> = {}) {
  const manager = ACCOUNTS.manager();
  const draft = await api<{ _id: string }>(
    'invoices/save',
    { customerId: client._id, customerBank: client.bank, ...extra },
    manager,
  );
  for (const row of rows) await api('invoices/saveItem', { invoiceId: draft._id, ...row }, manager);
  return draft;
}

export interface IssuedInvoice {
  _id: string;
  number: string;
  totalAmount: number;
}

/** Issues a draft invoice as the manager. */
export const issueInvoice = (invoiceId: string) =>
  api<IssuedInvoice>('invoices/issue', { invoiceId }, ACCOUNTS.manager());

/** An invoice of `client` with `rows`, issued by the manager. */
export async function issuedInvoice(client: Client, rows: InvoiceRow[], extra: Record<string, unknown> = {}) {
  return issueInvoice((await draftInvoice(client, rows, extra))._id);
}
