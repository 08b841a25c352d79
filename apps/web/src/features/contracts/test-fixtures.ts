import {
  Access,
  type ContractServiceRow,
  type ContractStatusValue,
  type ContractView,
  contractRights,
} from '@kantora/domain';

/** Ids the fixtures use (UUIDs, as the schemas want). */
export const ids = {
  contract: '00000000-0000-4000-8000-0000000000c1',
  client: '00000000-0000-4000-8000-0000000000a1',
  myCompany: '00000000-0000-4000-8000-0000000000f1',
  bgn: '00000000-0000-4000-8000-0000000000b1',
  eur: '00000000-0000-4000-8000-0000000000b2',
  clientBank: '00000000-0000-4000-8000-0000000000b3',
  euro: '00000000-0000-4000-8000-0000000000e1',
  lev: '00000000-0000-4000-8000-0000000000e2',
  service: (n: number) => `00000000-0000-4000-8000-0000000005${String(n).padStart(2, '0')}`,
  row: (n: number) => `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`,
};

export { userOf } from '../../test/users.ts';

export const currencies = [
  { _id: ids.euro, name: { bg: 'Евро', it: 'Euro' }, code: 'EUR', status: true, exchangeRate: 1.95583 },
  { _id: ids.lev, name: { bg: 'Лев', it: 'Lev' }, code: 'BGN', status: true, exchangeRate: 1 },
];

const party = {
  name: { bg: 'Алфа Трейд ООД', it: 'Alfa Trade OOD' },
  address: {
    country: { bg: 'България', it: 'Bulgaria' },
    city: { bg: 'София', it: 'Sofia' },
    zipCode: '1680',
    street: { bg: 'бул. България 102', it: 'Boulevard Bulgaria 102' },
  },
  bank: null,
  responsiblePerson: { bg: 'Петър Стоянов', it: 'Petar Stoyanov' },
  bulstat: '20345678',
  vatNumber: 'BG20345678',
};

/** The own company's BGN and EUR accounts as a contract's provider snapshot holds them. */
export const providerBanks = {
  bgn: {
    bankId: ids.bgn,
    name: { bg: 'УниКредит', it: 'UniCredit' },
    address: { bg: 'София', it: 'Sofia' },
    bic: 'UNCRBGSF',
    iban: 'BG32UNCR70001520345678',
    currency: 'BGN',
  },
  eur: {
    bankId: ids.eur,
    name: { bg: 'УниКредит EUR', it: 'UniCredit EUR' },
    address: { bg: 'София', it: 'Sofia' },
    bic: 'UNCRBGSF',
    iban: 'BG80BNBG96611020345678',
    currency: 'EUR',
  },
};

/** A contract as GET /api/contracts/{id} answers it, for a user of `access` (an employee's has no `pricePerMonth`). */
export function contractOf(
  status: ContractStatusValue = 0,
  access: number = Access.manager,
  extra: Partial<ContractView> = {},
): ContractView {
  const rights = contractRights(access, status);
  return {
    _id: ids.contract,
    name: { bg: 'Счетоводно обслужване', it: 'Servizi contabili' },
    customerId: ids.client,
    companyName: party.name,
    fromDate: '2026-01-01',
    toDate: '2026-12-31',
    status,
    created: '2026-01-05T08:00:00.000Z',
    providerId: ids.myCompany,
    provider: {
      ...party,
      name: { bg: 'Кантора ЕООД', it: 'Kantora EOOD' },
      bank: providerBanks.bgn,
      bank2: providerBanks.eur,
    },
    providerBank: ids.bgn,
    providerBank2: ids.eur,
    customer: party,
    customerBank: null,
    responsiblePerson: { bg: '', it: '' },
    invoiceDate: null,
    invoiceMonthlyInterval: 1,
    email: '',
    description: { bg: '', it: '' },
    currency: ids.euro,
    currencyCode: 'EUR',
    currencyName: { bg: 'Евро', it: 'Euro' },
    issued: status !== 0,
    isAdvance: false,
    ...(rights.canSeePrices ? { pricePerMonth: 250 } : {}),
    managingUsers: [],
    createdBy: null,
    createdByName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
    registeredByName: null,
    registeredOn: null,
    canceledByName: null,
    canceledOn: null,
    cancelationReason: '',
    updated: null,
    servicesCount: 1,
    rights,
    ...extra,
  };
}

/** A service row; employees get it without `price`. */
export function serviceRowOf(n: number, withPrice = true): ContractServiceRow {
  return {
    _id: ids.row(n),
    contractId: ids.contract,
    service: ids.service(n),
    code: `S-${n}`,
    name: { bg: `Услуга ${n}`, it: `Servizio ${n}` },
    description: { bg: `Описание ${n}`, it: `Descrizione ${n}` },
    ...(withPrice ? { price: 100 * n } : {}),
    created: '2026-01-06T09:00:00.000Z',
    addedByName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
  };
}
