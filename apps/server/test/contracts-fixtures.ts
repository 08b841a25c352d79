import { IBAN, createClient, t } from './clients-fixtures.ts';
import { call, createTestContext, type TestContext } from './helpers.ts';

export { errorsOf, t } from './clients-fixtures.ts';

export const EUR_IBAN = 'BG80BNBG96611020345678';

export interface ContractSetup {
  ctx: TestContext;
  bgn: string;
  eur: string;
  myCompany: string;
  /** The own company's BGN and EUR accounts. */
  providerBank: string;
  providerBank2: string;
  /** A client the employee sees (managing user), with a bank. */
  visible: string;
  visibleBank: string;
  /** A client no employee sees. */
  hidden: string;
  services: { first: string; second: string; inactive: string };
  documentType: string;
}

const save = async (ctx: TestContext, url: string, body: object) => {
  const response = await call(ctx, 'POST', url, body);
  if (response.status !== 200) throw new Error(`${url}: ${JSON.stringify(response.body)}`);
  return response.body.Result._id as string;
};

/** A test context with currencies, the own company and its banks, services, a document type and two clients. */
export async function setUpContracts(env: Record<string, string> = {}): Promise<ContractSetup> {
  const ctx = await createTestContext(env);
  const bgn = await save(ctx, '/api/settings/currencies/save', { name: t('Лев', 'Lev'), code: 'BGN', exchangeRate: 1 });
  const eur = await save(ctx, '/api/settings/currencies/save', {
    name: t('Евро', 'Euro'),
    code: 'EUR',
    exchangeRate: 1.95583,
  });
  const address = {
    country: t('България', 'Bulgaria'),
    state: t('София', 'Sofia'),
    city: t('София', 'Sofia'),
    street: t('ул. Шипка 1', 'via Shipka 1'),
    zipCode: '1000',
  };
  const myCompany = await save(ctx, '/api/settings/myCompany/save', {
    name: t('Кантора ООД', 'Kantora Srl'),
    responsiblePerson: t('Иван Иванов', 'Ivan Ivanov'),
    bulstat: '201234567',
    vatNumber: 'BG201234567',
    address,
  });
  const bank = (name: string, iban: string, currency: string) => ({
    myCompanyId: myCompany,
    name: t(name, name),
    address: t('София', 'Sofia'),
    iban,
    currency,
  });
  const providerBank = await save(ctx, '/api/banks/save', bank('УниКредит', IBAN, bgn));
  const providerBank2 = await save(ctx, '/api/banks/save', bank('УниКредит EUR', EUR_IBAN, eur));
  const visibleClient = await createClient(ctx, {
    name: t('Видим ООД', 'Visibile Srl'),
    managingUsers: [ctx.users.employee.id],
  });
  const visibleBank = await save(ctx, '/api/banks/save', {
    companyId: visibleClient._id,
    name: t('ДСК', 'DSK'),
    address: t('София', 'Sofia'),
    iban: IBAN,
    currency: eur,
  });
  const hidden = (await createClient(ctx, { name: t('Скрит ООД', 'Nascosto Srl') }))._id;
  const service = (code: string, price: number, status = true) =>
    save(ctx, '/api/settings/services/save', {
      code,
      name: t(`Услуга ${code}`, `Servizio ${code}`),
      description: t('Описание', 'Descrizione'),
      price,
      status,
    });
  const services = {
    first: await service('S1', 120.5),
    second: await service('S2', 80),
    inactive: await service('S3', 10, false),
  };
  const documentType = await save(ctx, '/api/settings/document-types/save', { name: t('Анекс', 'Allegato') });
  return {
    ctx,
    bgn,
    eur,
    myCompany,
    providerBank,
    providerBank2,
    visible: visibleClient._id,
    visibleBank,
    hidden,
    services,
    documentType,
  };
}

/** A valid contract body (a draft of the visible client in EUR). */
export function contractBody(s: ContractSetup, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: t('Счетоводно обслужване', 'Servizi contabili'),
    customerId: s.visible,
    customerBank: s.visibleBank,
    providerBank: s.providerBank,
    providerBank2: s.providerBank2,
    fromDate: '2026-01-01',
    toDate: '2099-12-31',
    invoiceMonthlyInterval: 1,
    pricePerMonth: 450.25,
    currency: s.eur,
    email: 'billing@example.bg',
    description: t('Месечно обслужване', 'Servizio mensile'),
    ...extra,
  };
}

export type ContractResult = Record<string, any> & { _id: string; status: number };

/** Saves a contract as the admin; answers it. */
export async function createContract(s: ContractSetup, extra: Record<string, unknown> = {}): Promise<ContractResult> {
  const response = await call(s.ctx, 'POST', '/api/contracts/save', contractBody(s, extra));
  if (response.status !== 200) throw new Error(`contract not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** Adds a service to a contract as the admin; answers the row. */
export async function addService(s: ContractSetup, contractId: string, serviceId = s.services.first) {
  const response = await call(s.ctx, 'POST', '/api/contract-services/addServiceToContract', { contractId, serviceId });
  if (response.status !== 200) throw new Error(`service not added: ${JSON.stringify(response.body)}`);
  return response.body.Result as { _id: string; price?: number };
}

/** A contract with a service, registered (and canceled when asked). */
export async function contractIn(
  s: ContractSetup,
  state: 'draft' | 'registered' | 'canceled',
  extra: Record<string, unknown> = {},
): Promise<ContractResult> {
  const contract = await createContract(s, extra);
  await addService(s, contract._id);
  if (state === 'draft') return contract;
  const registered = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
  if (registered.status !== 200) throw new Error(`not registered: ${JSON.stringify(registered.body)}`);
  if (state === 'registered') return registered.body.Result;
  const canceled = await call(s.ctx, 'POST', '/api/contracts/cancel', {
    contractId: contract._id,
    cancelationReason: 'Край',
  });
  if (canceled.status !== 200) throw new Error(`not canceled: ${JSON.stringify(canceled.body)}`);
  return canceled.body.Result;
}
