/**
 * Payment terms through HTTP: the invoice defaults' term (`paymentTermDays`, 0–365, 0 by default) and a client's own
 * term (null: the default's), and the payment deadline of every new document = its date + the client's term (else the
 * default): made by hand without a deadline (a given one wins), by the billing run, by generateProformaInvoice and by
 * transforming a proforma. A credit notice has no deadline and issues without one; a debit notice keeps one.
 */
import { addDaysToDate, type BillingDocumentView, sofiaDay } from '@kantora/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  createNotice,
  errorsOf,
  issue,
  issuedWith,
  runBilling,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { createClient, IBAN } from './clients-fixtures.ts';
import { addService, createContract } from './contracts-fixtures.ts';
import { bearer, call, logsOf } from './helpers.ts';

let s: BillingSetup;
/** A client with its own term of 10 days, and its bank. */
let termed: { id: string; bank: string };
let defaults: Record<string, unknown>;
beforeAll(async () => {
  s = await setUpBilling();
  defaults = {
    currency: s.eur,
    vatType: s.vat20,
    paymentType: s.paymentType,
    signer: s.ctx.users.admin.id,
    signers: [s.ctx.users.admin.id],
  };
  const client = await createClient(s.ctx, {
    paymentTermDays: 10,
    bank: { name: t('ДСК', 'DSK'), address: t('София', 'Sofia'), iban: IBAN, currency: s.eur },
  });
  termed = { id: client._id, bank: client.bank!._id };
});
afterAll(() => s.ctx.close());

const today = () => sofiaDay();
const saveDefaults = (extra: Record<string, unknown>) =>
  call(s.ctx, 'POST', '/api/settings/invoices/save', { ...defaults, ...extra });
const getDocument = async (kind: 'invoice' | 'proforma', id: string): Promise<BillingDocumentView> =>
  (await call(s.ctx, 'GET', `${BASE[kind]}/${id}`)).body.Result;

/** A registered contract of the client starting this month's first day (so this month's period is due today). */
async function registeredContract(customerId: string, customerBank: string, extra: Record<string, unknown> = {}) {
  const contract = await createContract(s, {
    customerId,
    customerBank,
    fromDate: `${today().slice(0, 7)}-01`,
    toDate: '2099-12-31',
    ...extra,
  });
  await addService(s, contract._id);
  const response = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return contract._id;
}

describe('the invoice defaults term', () => {
  it('is 0 until saved, round-trips through save and get, is kept when a save leaves it out, and is logged', async () => {
    const first = await call(s.ctx, 'GET', '/api/settings/invoices/get');
    expect(first.body.Result.paymentTermDays).toBe(0);
    const saved = await saveDefaults({ paymentTermDays: 30 });
    expect(saved.status).toBe(200);
    expect(saved.body.Result.paymentTermDays).toBe(30);
    expect((await call(s.ctx, 'GET', '/api/settings/invoices/get')).body.Result.paymentTermDays).toBe(30);
    expect((await call(s.ctx, 'GET', '/api/metaData/getInvoiceDefaults')).body.Result.paymentTermDays).toBe(30);
    // A save without a term keeps it.
    const spec = await saveDefaults({});
    expect(spec.body.Result.paymentTermDays).toBe(30);
    const rows = await logsOf(s.ctx, saved.body.Result._id);
    const change = rows.find(
      (row) =>
        (row.documents as { new: { paymentTermDays: number } }).new.paymentTermDays === 30 && row.type === 'update',
    );
    expect(change?.documents).toMatchObject({ old: { paymentTermDays: 0 }, new: { paymentTermDays: 30 } });
    await saveDefaults({ paymentTermDays: 0 });
  });

  it('refuses what is not a whole number of days from 0 to 365 (400 invalid_value; none: field_is_required)', async () => {
    for (const bad of [-1, 366, 1.5, '10']) {
      const response = await saveDefaults({ paymentTermDays: bad });
      expect([response.status, errorsOf(response.body)]).toEqual([400, { paymentTermDays: 'invalid_value' }]);
    }
    const cleared = await saveDefaults({ paymentTermDays: null });
    expect([cleared.status, errorsOf(cleared.body)]).toEqual([400, { paymentTermDays: 'field_is_required' }]);
    expect((await saveDefaults({ paymentTermDays: 365 })).status).toBe(200);
    await saveDefaults({ paymentTermDays: 0 });
  });
});

describe("the client's term", () => {
  it('is saved on the company, kept when a save leaves it out, cleared by null, and logged', async () => {
    const client = await createClient(s.ctx, { paymentTermDays: 45 });
    expect(client.paymentTermDays).toBe(45);
    const got = (await call(s.ctx, 'GET', `/api/companies/${client._id}`)).body.Result;
    expect(got.paymentTermDays).toBe(45);
    // The client search answers it (the billing editor fills the due date from it).
    const found = (await call(s.ctx, 'POST', '/api/companies/search', { name: got.bulstat })).body.Result.Items;
    expect(found).toEqual([expect.objectContaining({ _id: client._id, paymentTermDays: 45 })]);
    const body = { _id: got._id, name: got.name, bulstat: got.bulstat, vatNumber: got.vatNumber };
    expect((await call(s.ctx, 'POST', '/api/companies/save', body)).body.Result.paymentTermDays).toBe(45);
    expect(
      (await call(s.ctx, 'POST', '/api/companies/save', { ...body, paymentTermDays: 7 })).body.Result.paymentTermDays,
    ).toBe(7);
    expect(
      (await call(s.ctx, 'POST', '/api/companies/save', { ...body, paymentTermDays: null })).body.Result
        .paymentTermDays,
    ).toBeNull();
    expect(
      (await call(s.ctx, 'POST', '/api/companies/save', { ...body, paymentTermDays: '' })).body.Result.paymentTermDays,
    ).toBeNull();
    const rows = await logsOf(s.ctx, client._id);
    expect(
      rows.map((row) => [
        (row.documents as { old: { paymentTermDays?: number } | null }).old?.paymentTermDays,
        (row.documents as { new: { paymentTermDays: number } }).new.paymentTermDays,
      ]),
    ).toEqual([
      [undefined, 45],
      [45, 45],
      [45, 7],
      [7, null],
      [null, null],
    ]);
  });

  it('refuses what is not a whole number of days from 0 to 365 (400 invalid_value)', async () => {
    for (const bad of [-1, 366, 2.5, '10']) {
      const response = await call(s.ctx, 'POST', '/api/companies/save', {
        name: t('Фирма', 'Ditta'),
        bulstat: '831650349',
        vatNumber: 'BG831650349',
        paymentTermDays: bad,
      });
      expect([response.status, errorsOf(response.body)]).toEqual([400, { paymentTermDays: 'invalid_value' }]);
    }
  });
});

describe('the payment deadline of a new document', () => {
  it('made by hand without a deadline: its date + the default term, the client override winning; a given date wins', async () => {
    await saveDefaults({ paymentTermDays: 14 });
    const plain = await createDraft(s, 'invoice', { date: '2026-03-02', paymentDeadlineDate: undefined });
    expect(plain.paymentDeadlineDate).toBe('2026-03-16');
    const proforma = await createDraft(s, 'proforma', { date: '2026-03-25', paymentDeadlineDate: undefined });
    expect(proforma.paymentDeadlineDate).toBe('2026-04-08');
    const client = await createDraft(s, 'invoice', {
      customerId: termed.id,
      customerBank: termed.bank,
      date: '2026-03-02',
      paymentDeadlineDate: undefined,
    });
    expect(client.paymentDeadlineDate).toBe('2026-03-12');
    const given = await createDraft(s, 'invoice', {
      customerId: termed.id,
      customerBank: termed.bank,
      date: '2026-03-02',
      paymentDeadlineDate: '2026-03-05',
    });
    expect(given.paymentDeadlineDate).toBe('2026-03-05');
    // A client with a term of 0 is due the day issued, whatever the default.
    const zero = await createClient(s.ctx, { paymentTermDays: 0 });
    const sameDay = await createDraft(s, 'invoice', {
      customerId: zero._id,
      customerBank: null,
      date: '2026-03-02',
      paymentDeadlineDate: undefined,
    });
    expect(sameDay.paymentDeadlineDate).toBe('2026-03-02');
    // A contract brings its customer, and with it the customer's term.
    const contract = await registeredContract(termed.id, termed.bank, { fromDate: '2026-01-01' });
    const ofContract = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.invoice}/save`, {
      contract: contract,
      date: '2026-04-01',
    });
    expect(ofContract.body.Result).toMatchObject({ customerId: termed.id, paymentDeadlineDate: '2026-04-11' });
    // A saved draft keeps its deadline when a later save leaves it out.
    const later = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.invoice}/save`, {
      _id: plain._id,
      date: '2026-03-03',
    });
    expect(later.body.Result.paymentDeadlineDate).toBe('2026-03-16');
    await saveDefaults({ paymentTermDays: 0 });
  });

  it('made by the billing run: today + the term', async () => {
    await saveDefaults({ paymentTermDays: 20 });
    const own = await registeredContract(termed.id, termed.bank);
    const byDefault = await registeredContract(s.visible, s.visibleBank);
    const month = today().slice(0, 7);
    const result = await runBilling(s, {
      month,
      items: [own, byDefault].map((contractId) => ({ contractId, periodFrom: `${month}-01` })),
    });
    expect(result.created).toHaveLength(2);
    const dates = Object.fromEntries(result.created.map((doc) => [doc.contractId, doc]));
    expect(await getDocument('invoice', dates[own]._id)).toMatchObject({
      date: today(),
      paymentDeadlineDate: addDaysToDate(today(), 10),
    });
    expect(await getDocument('invoice', dates[byDefault]._id)).toMatchObject({
      date: today(),
      paymentDeadlineDate: addDaysToDate(today(), 20),
    });
    await saveDefaults({ paymentTermDays: 0 });
  });

  it('made by generateProformaInvoice: today + the term (not before its period starts)', async () => {
    await saveDefaults({ paymentTermDays: 5 });
    const own = await registeredContract(termed.id, termed.bank, { isAdvance: false });
    const generated = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: own,
    });
    expect(generated.status).toBe(200);
    expect(generated.body.Result).toMatchObject({
      kind: 'proforma',
      date: today(),
      paymentDeadlineDate: addDaysToDate(today(), 10),
    });
    const byDefault = await registeredContract(s.visible, s.visibleBank);
    const second = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: byDefault,
    });
    expect(second.body.Result).toMatchObject({ date: today(), paymentDeadlineDate: addDaysToDate(today(), 5) });
    // A period starting later than that is due the day it starts.
    const future = await registeredContract(s.visible, s.visibleBank, { fromDate: '2098-01-01' });
    const ahead = await call<BillingDocumentView>(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', {
      contractId: future,
    });
    expect(ahead.body.Result).toMatchObject({ date: today(), paymentDeadlineDate: '2098-01-01' });
    await saveDefaults({ paymentTermDays: 0 });
  });

  it('made from a proforma: dated today, due today + the term (not the proforma deadline)', async () => {
    await saveDefaults({ paymentTermDays: 3 });
    const own = await issuedWith(s, 'proforma', [[100, 1]], {
      customerId: termed.id,
      customerBank: termed.bank,
      date: '2026-03-02',
      paymentDeadlineDate: '2099-01-01',
    });
    const whole = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: own._id,
    });
    expect(whole.body.Result).toMatchObject({
      kind: 'invoice',
      date: today(),
      paymentDeadlineDate: addDaysToDate(today(), 10),
    });
    const byDefault = await issuedWith(s, 'proforma', [
      [100, 1],
      [50, 1],
    ]);
    const rows = (await call(s.ctx, 'POST', `${BASE.proforma}/getItems`, { proformaInvoiceId: byDefault._id })).body
      .Result as { _id: string }[];
    const part = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.proforma}/transformItemsToInvoice`, {
      proformaInvoiceId: byDefault._id,
      proformaInvoiceItems: [rows[0]._id],
    });
    expect(part.body.Result).toMatchObject({ date: today(), paymentDeadlineDate: addDaysToDate(today(), 3) });
    await saveDefaults({ paymentTermDays: 0 });
  });
});

describe('a credit notice', () => {
  it('has no payment deadline (a given one is not kept) and issues without one; a debit notice keeps its deadline', async () => {
    await saveDefaults({ paymentTermDays: 14 });
    const original = await issuedWith(s, 'invoice', [[100, 1]]);
    const credit = await createNotice(s, 1, original._id, { paymentDeadlineDate: '2026-03-20' });
    expect(credit.paymentDeadlineDate).toBeNull();
    const noDate = await createNotice(s, 1, original._id, { paymentDeadlineDate: undefined });
    expect(noDate.paymentDeadlineDate).toBeNull();
    await addItem(s, 'invoice', credit._id, 10);
    const issued = await issue(s, 'invoice', credit._id);
    expect(issued).toMatchObject({ issued: true, noticeType: 1, paymentDeadlineDate: null, totalAmount: -12 });
    // Its print data carries no deadline, and printing works.
    const pdf = await s.ctx.app.inject({
      method: 'GET',
      url: `${BASE.invoice}/print/${credit._id}`,
      headers: bearer(s.ctx.users.admin.token),
    });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    const debit = await createNotice(s, 2, original._id, { paymentDeadlineDate: undefined });
    expect(debit.paymentDeadlineDate).toBe('2026-03-16');
    // An invoice draft turned into a credit notice drops its deadline; turned back, it is due again date + term.
    const draft = await createDraft(s, 'invoice', { paymentDeadlineDate: undefined });
    expect(draft.paymentDeadlineDate).toBe('2026-03-16');
    const toCredit = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 1,
      creditToInvoice: original._id,
    });
    expect(toCredit.body.Result.paymentDeadlineDate).toBeNull();
    const back = await call<BillingDocumentView>(s.ctx, 'POST', `${BASE.invoice}/changeNoticeType`, {
      invoiceId: draft._id,
      noticeType: 0,
    });
    expect(back.body.Result.paymentDeadlineDate).toBe('2026-03-16');
    // A debit notice still needs one to be issued.
    const debitNone = await createNotice(s, 2, original._id, { paymentDeadlineDate: null });
    await addItem(s, 'invoice', debitNone._id, 10);
    const refused = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: debitNone._id });
    expect([refused.status, errorsOf(refused.body)]).toEqual([400, { paymentDeadlineDate: 'field_is_required' }]);
    await saveDefaults({ paymentTermDays: 0 });
  });
});
