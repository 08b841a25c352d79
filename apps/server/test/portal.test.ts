import type {
  PortalBillingRow,
  PortalBillingView,
  PortalCompanyRow,
  PortalCompanyView,
  PortalContractDocumentRow,
  PortalContractRow,
  PortalContractServiceRow,
  PortalContractView,
} from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItem, createDraft, issue } from './billing-fixtures.ts';
import { getRaw } from './documents-flow-fixtures.ts';
import { call } from './helpers.ts';
import { type PortalSetup, type PortalWorld, setUpPortal } from './portal-fixtures.ts';

/** The client portal's calls for the client user who owns the objects (isolation: portal-isolation.test.ts). */
let s: PortalSetup;
let me: PortalWorld;
beforeAll(async () => {
  s = await setUpPortal();
  me = s.owner;
}, 120_000);
afterAll(() => s.ctx.close());

const post = <T = any>(url: string, body: object = {}) => call<T>(s.ctx, 'POST', url, body, me.token);
const get = <T = any>(url: string) => call<T>(s.ctx, 'GET', url, undefined, me.token);
const ids = (rows: { _id: string }[]) => rows.map((row) => row._id);

/** Staff-only fields that must never reach a client user. */
const STAFF_FIELDS = [
  'rights',
  'createdBy',
  'createdByName',
  'issuedByName',
  'registeredByName',
  'managingUsers',
  'clientUsers',
  'comment',
  'referent',
  'addedByName',
  'cancelationReason',
  'customerBank',
  'providerBank',
  'signer',
  'VATType',
];
const expectNoStaffFields = (value: object) => {
  for (const field of STAFF_FIELDS) expect([field, Object.hasOwn(value, field)]).toEqual([field, false]);
};

describe('my companies', () => {
  it('lists the companies that list the user, by name, and opens one with its offices and contacts', async () => {
    const list = (await post<{ Items: PortalCompanyRow[]; Total: number }>('/api/my-companies/list')).body.Result;
    expect([ids(list.Items), list.Total]).toEqual([[me.company], 1]);
    expectNoStaffFields(list.Items[0]);
    expect((await post('/api/my-companies/list', { name: 'нищо такова' })).body.Result.Total).toBe(0);
    expect((await post('/api/my-companies/list', { sortBy: ['referent'] })).status).toBe(400);

    const view = await get<PortalCompanyView>(`/api/my-companies/${me.company}`);
    expect(view.status).toBe(200);
    expect(view.body.Result).toMatchObject({
      _id: me.company,
      name: { bg: 'Видим ООД' },
      offices: [{ isHeadquarters: true, contacts: [] }],
    });
    expectNoStaffFields(view.body.Result);
  });

  it('has the contracts, invoices, proforma invoices and documents tabs, without drafts', async () => {
    const tab = async (path: string) =>
      ids(
        (await post<{ Items: { _id: string }[] }>(`/api/my-companies/${path}/list`, { companyId: me.company })).body
          .Result.Items,
      );
    expect(await tab('contracts')).toEqual([me.contract]);
    expect(await tab('invoices')).toEqual([me.invoice]);
    expect(await tab('proforma-invoices')).toEqual([me.proforma]);
    expect(await tab('documents-flow')).toEqual([me.flowDocument]);
  });
});

describe('my contracts', () => {
  it('lists the registered contracts (no drafts), by start date descending, and filters by company and status', async () => {
    const later = (
      await call(s.ctx, 'POST', '/api/contracts/save', {
        _id: undefined,
        name: { bg: 'По-късен', it: 'Successivo' },
        customerId: me.company,
        customerBank: s.visibleBank,
        providerBank: s.providerBank,
        providerBank2: s.providerBank2,
        fromDate: '2026-06-01',
        toDate: '2099-12-31',
        invoiceMonthlyInterval: 1,
        pricePerMonth: 10,
        currency: s.eur,
      })
    ).body.Result;
    await call(s.ctx, 'POST', '/api/contract-services/addServiceToContract', {
      contractId: later._id,
      serviceId: s.services.second,
    });
    expect((await call(s.ctx, 'POST', '/api/contracts/register', { contractId: later._id })).status).toBe(200);
    const list = (await post<{ Items: PortalContractRow[]; Total: number }>('/api/my-contracts/list')).body.Result;
    expect([ids(list.Items), list.Total]).toEqual([[later._id, me.contract], 2]);
    expect(list.Items.every((row) => row.status === 1)).toBe(true);
    expect(
      ids(
        (
          await post<{ Items: PortalContractRow[] }>('/api/my-contracts/list', {
            sortBy: ['fromDate'],
            sortDesc: [false],
          })
        ).body.Result.Items,
      ),
    ).toEqual([me.contract, later._id]);
    expect((await post('/api/my-contracts/list', { companyId: me.company, status: 2 })).body.Result.Total).toBe(0);
    expect((await post('/api/my-contracts/list', { status: 0 })).status).toBe(400);
    await call(s.ctx, 'POST', '/api/contracts/cancel', { contractId: later._id, cancelationReason: 'Край' });
    expect(
      ids((await post<{ Items: PortalContractRow[] }>('/api/my-contracts/list', { status: 2 })).body.Result.Items),
    ).toEqual([later._id]);
  });

  it('shows a contract with its parties, details, services with prices and documents, and downloads a file', async () => {
    const view = await get<PortalContractView>(`/api/my-contracts/${me.contract}`);
    expect(view.status).toBe(200);
    expect(view.body.Result).toMatchObject({
      _id: me.contract,
      status: 1,
      invoiceMonthlyInterval: 1,
      pricePerMonth: 450.25,
      currencyCode: 'EUR',
      provider: { name: { bg: 'Кантора ООД' }, bulstat: '201234567' },
      customer: { name: { bg: 'Видим ООД' }, bank: { iban: expect.any(String) } },
      description: { bg: 'Месечно обслужване' },
    });
    expectNoStaffFields(view.body.Result);

    const services = (
      await post<{ Items: PortalContractServiceRow[]; Total: number }>('/api/my-contracts/services/list', {
        contractId: me.contract,
      })
    ).body.Result;
    expect(services.Items).toEqual([
      {
        _id: expect.any(String),
        code: 'S1',
        name: { bg: 'Услуга S1', it: 'Servizio S1' },
        description: expect.any(Object),
        price: 120.5,
        created: expect.any(String),
      },
    ]);

    const documents = (
      await post<{ Items: PortalContractDocumentRow[] }>('/api/my-contracts/documents/list', {
        contractId: me.contract,
      })
    ).body.Result.Items;
    expect(documents).toEqual([
      {
        _id: me.document,
        type: s.documentType,
        typeName: { bg: 'Анекс', it: 'Allegato' },
        date: expect.any(String),
        description: { bg: 'Подписан договор', it: 'Contratto firmato' },
        notes: { bg: 'Бележка', it: 'Nota' },
        files: [
          {
            _id: me.file,
            filename: 'dogovor.txt',
            contentType: expect.stringMatching(/^text\/plain/),
            length: expect.any(Number),
            uploadDate: expect.any(String),
          },
        ],
        created: expect.any(String),
      },
    ]);
    const download = await getRaw(s.ctx, `/api/my-contracts/documents/download/${me.file}`, me.token);
    expect([download.statusCode, download.body, download.headers['content-disposition']]).toEqual([
      200,
      'подписан',
      expect.stringMatching(/^attachment/),
    ]);
  });
});

describe('my invoices and proforma invoices', () => {
  for (const [kind, base, own] of [
    ['invoice', '/api/my-invoices', () => me.invoice],
    ['proforma', '/api/my-proforma-invoices', () => me.proforma],
  ] as const) {
    it(`${kind}: lists the issued ones (all, of a contract, of a company) and shows one with its rows`, async () => {
      const list = (await post<{ Items: PortalBillingRow[]; Total: number }>(`${base}/list`)).body.Result;
      expect([ids(list.Items), list.Total]).toEqual([[own()], 1]);
      expect(list.Items[0]).toMatchObject({
        kind,
        number: expect.stringMatching(/^\d{10}$/),
        bulstat: expect.any(String),
        amount: 600,
        VATAmount: 120,
        totalAmount: 720,
        isPaid: 0,
      });
      expectNoStaffFields(list.Items[0]);
      expect(
        ids((await post<{ Items: PortalBillingRow[] }>(`${base}/list`, { contract: me.contract })).body.Result.Items),
      ).toEqual([own()]);
      expect(
        ids(
          (
            await post<{ Items: PortalBillingRow[] }>(`${base}/list`, {
              contractId: me.contract,
              companyId: me.company,
            })
          ).body.Result.Items,
        ),
      ).toEqual([own()]);

      const view = await get<PortalBillingView>(`${base}/${own()}`);
      expect(view.status).toBe(200);
      expect(view.body.Result).toMatchObject({
        _id: own(),
        kind,
        contract: me.contract,
        contractName: { bg: 'Счетоводно обслужване' },
        provider: { name: { bg: 'Кантора ООД' } },
        customer: { name: { bg: 'Видим ООД' } },
        paymentTypeName: { bg: 'Банков превод' },
        signerName: expect.any(Object),
        VATCharging: true,
        VATPercentage: 20,
        currencyCode: 'EUR',
        currencyRate: 1.95583,
        paidAmount: 0,
        notPaid: 720,
        items: [
          {
            index: 1,
            name: { bg: 'Счетоводни услуги' },
            quantity: 2,
            price: 300,
            total: 600,
            comment: expect.any(Object),
          },
        ],
      });
      expect(view.body.Result.printLayouts).toContain(kind === 'invoice' ? 'invoice' : 'proforma');
      expect(view.body.Result.printLayouts).toContain('italian');
      expectNoStaffFields(view.body.Result);
      expect(Object.hasOwn(view.body.Result, 'transformedInvoices')).toBe(false);
    });

    it(`${kind}: prints in the Bulgarian and the alternative layouts (a PDF), not in another kind's layout`, async () => {
      const layouts = kind === 'invoice' ? ['invoice', 'italian'] : ['proforma', 'proforma-ibans', 'italian'];
      for (const layout of layouts) {
        const pdf = await getRaw(s.ctx, `${base}/print/${own()}?layout=${layout}&lang=bg`, me.token);
        expect([layout, pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual(
          [layout, 200, 'application/pdf', '%PDF-'],
        );
      }
      const plain = await getRaw(s.ctx, `${base}/print/${own()}`, me.token);
      expect(plain.statusCode).toBe(200);
      const wrong = await getRaw(
        s.ctx,
        `${base}/print/${own()}?layout=${kind === 'invoice' ? 'proforma' : 'invoice'}`,
        me.token,
      );
      expect([wrong.statusCode, wrong.json().Message]).toEqual([400, 'invalid_value']);
    });
  }

  it('sorts by date descending by default, and a document on a contract returned to draft does not link it', async () => {
    const later = await createDraft(s, 'invoice', {
      customerId: me.company,
      customerBank: s.visibleBank,
      contract: me.contract,
      date: '2026-04-01',
      taxDate: '2026-04-01',
      paymentDeadlineDate: '2026-04-15',
    });
    await addItem(s, 'invoice', later._id, 50);
    await issue(s, 'invoice', later._id);
    expect(ids((await post<{ Items: PortalBillingRow[] }>('/api/my-invoices/list')).body.Result.Items)).toEqual([
      later._id,
      me.invoice,
    ]);
    expect(
      ids(
        (await post<{ Items: PortalBillingRow[] }>('/api/my-invoices/list', { sortBy: 'date', sortDesc: false })).body
          .Result.Items,
      ),
    ).toEqual([me.invoice, later._id]);

    expect((await call(s.ctx, 'POST', '/api/contracts/deregister', { contractId: me.contract })).status).toBe(200);
    expect((await get<PortalBillingView>(`/api/my-invoices/${me.invoice}`)).body.Result).toMatchObject({
      contract: null,
      contractName: null,
    });
    expect((await post('/api/my-invoices/list', { contract: me.contract })).status).toBe(404);
    expect((await call(s.ctx, 'POST', '/api/contracts/register', { contractId: me.contract })).status).toBe(200);
  });
});
