import {
  Access,
  type BillingDocumentView,
  type BillingItemRow,
  type BillingKind,
  billingRights,
  sofiaDay,
} from '@kantora/domain';
import { ok } from '../../test/render.tsx';

/** Ids the fixtures use (UUIDs, as the schemas want). */
export const ids = {
  doc: '00000000-0000-4000-8000-0000000000d1',
  invoice: '00000000-0000-4000-8000-0000000000d2',
  client: '00000000-0000-4000-8000-0000000000a1',
  myCompany: '00000000-0000-4000-8000-0000000000f1',
  euro: '00000000-0000-4000-8000-0000000000e1',
  vat: '00000000-0000-4000-8000-0000000000c1',
  item: (n: number) => `00000000-0000-4000-8000-0000000007${String(n).padStart(2, '0')}`,
};

export { userOf } from '../../test/users.ts';

export const currencies = [
  { _id: ids.euro, name: { bg: 'Евро', it: 'Euro' }, code: 'EUR', status: true, exchangeRate: 1.95583 },
];
export const vatTypes = [
  { _id: ids.vat, name: { bg: 'Стандартна ставка', it: 'Aliquota ordinaria' }, status: true, percentage: 20 },
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

/** A document as GET {base}/{id} answers it, for a user of `access`. */
export function docOf(
  kind: BillingKind,
  issued: boolean,
  access: number = Access.manager,
  extra: Partial<BillingDocumentView> = {},
): BillingDocumentView {
  const base = {
    _id: ids.doc,
    kind,
    number: issued ? '0000000042' : null,
    date: '2026-03-31',
    customerId: ids.client,
    companyName: party.name,
    bulstat: party.bulstat,
    vatNumber: party.vatNumber,
    contract: null,
    amount: 300,
    VATAmount: 60,
    totalAmount: 360,
    currency: ids.euro,
    currencyCode: 'EUR',
    isPaid: 0 as const,
    paidAmount: 0,
    noticeType: 0 as const,
    issued,
    created: '2026-03-31T08:00:00.000Z',
    providerId: ids.myCompany,
    provider: { ...party, name: { bg: 'Кантора ЕООД', it: 'Kantora EOOD' }, bank2: null },
    providerBank: null,
    providerBank2: null,
    customer: party,
    customerBank: null,
    contractName: null,
    taxDate: '2026-03-31',
    paymentDeadlineDate: '2026-04-14',
    paymentType: null,
    paymentTypeName: null,
    signer: null,
    signerName: null,
    VATCharging: true,
    VATType: ids.vat,
    VATName: vatTypes[0].name,
    VATPercentage: 20,
    currencyName: currencies[0].name,
    currencyRate: 1.95583,
    creditToInvoice: null,
    creditToInvoiceNumber: null,
    creditToInvoiceDate: null,
    noticeReason: { bg: '', it: '' },
    creditedAmount: 0,
    showBGInvoice: false,
    timesheetAnnex: false,
    periodFrom: null,
    periodTo: null,
    transformedToInvoice: null,
    transformedFromProformaInvoice: null,
    transformedFromProformaNumber: null,
    transformedInvoices: [],
    itemsCount: 0,
    transformedItems: 0,
    createdBy: null,
    createdByName: { bg: 'Мария Петрова', it: 'Maria Petrova' },
    issuedByName: issued ? { bg: 'Мария Петрова', it: 'Maria Petrova' } : null,
    issuedOn: issued ? '2026-03-31T09:00:00.000Z' : null,
    updated: null,
    ...extra,
  };
  return { ...base, rights: billingRights(access, base) };
}

/** A row of a document. */
export function itemOf(n: number, extra: Partial<BillingItemRow> = {}): BillingItemRow {
  return {
    _id: ids.item(n),
    invoice: ids.doc,
    index: n,
    name: { bg: `Услуга ${n}`, it: `Servizio ${n}` },
    comment: { bg: '', it: '' },
    quantity: 1,
    price: 100 * n,
    total: 100 * n,
    service: null,
    contract: null,
    issued: false,
    isPaid: false,
    isTransformed: false,
    transformedToInvoice: null,
    transformedFromProformaInvoice: null,
    created: '2026-03-31T08:00:00.000Z',
    ...extra,
  };
}

type Answers = Record<string, (init?: RequestInit) => Response>;

/**
 * The calls the invoice editor makes as it opens, answered from these fixtures: the dictionaries (no invoice
 * defaults, no own company unless `dictionaries` says otherwise) and, given a document, the document and its rows.
 */
export function editorAnswers(
  doc?: BillingDocumentView,
  items: () => BillingItemRow[] = () => [],
  dictionaries: Answers = {},
): Answers {
  return {
    'GET /api/metaData/getCurrencies': () => ok(currencies),
    'GET /api/metaData/getVATTypes': () => ok(vatTypes),
    'GET /api/metaData/getPaymentTypes': () => ok([]),
    'GET /api/metaData/getInvoiceDefaults': () => ok(null),
    'GET /api/metaData/getMyCompany': () => ok(null),
    ...dictionaries,
    ...(doc
      ? {
          [`GET /api/${doc.kind === 'invoice' ? 'invoices' : 'proforma-invoices'}/${doc._id}`]: () => ok(doc),
          [`POST /api/${doc.kind === 'invoice' ? 'invoices' : 'proforma-invoices'}/getItems`]: () => ok(items()),
          // An issued invoice's reminders card (none sent), with the debt the server would count for this
          // document: its total less payments and credits, late when its deadline has passed.
          [`GET /api/receivables/reminders/of/${doc._id}`]: () => ok(serverDebtOf(doc)),
        }
      : {}),
  };
}

/** GET /api/receivables/reminders/of/{id} for a test document: what is due and how late (no notices, no reminders). */
function serverDebtOf(doc: BillingDocumentView) {
  const due = Math.max(0, Math.round((doc.totalAmount - doc.paidAmount - doc.creditedAmount) * 100) / 100);
  const late = doc.paymentDeadlineDate
    ? Math.round((Date.parse(sofiaDay()) - Date.parse(doc.paymentDeadlineDate)) / 86_400_000)
    : 0;
  const daysOverdue = Math.max(0, late);
  return { due, currency: doc.currencyCode ?? '', daysOverdue, overdue: due > 0 && daysOverdue > 0, reminders: [] };
}
