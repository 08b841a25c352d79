/**
 * The billing run through HTTP: which contracts' periods start in a month (monthly, quarterly and yearly ones only in
 * their months, the invoice date as the grid's anchor, billed periods not offered again; the missed periods of earlier
 * months, offered as late: billing-run-catch-up.test.ts), the left-out reasons, the run
 * (proformas for advance contracts, invoices for the others, rows by the generation rule, logged, idempotent,
 * issued in order when asked) and two concurrent runs of one month (on PostgreSQL a real race; the unique key decides).
 */
import { execFileSync } from 'node:child_process';
import { type BillingRunPreview, sofiaDay } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { BASE, type BillingSetup, runBilling, runPreview, setUpBilling, t } from './billing-fixtures.ts';
import { createClient } from './clients-fixtures.ts';
import { addService, createContract } from './contracts-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const preview = (month?: string, token?: string) => runPreview(s, month, token);
const run = (body: Record<string, unknown>) => runBilling(s, body);

/** A registered contract (a service added first). */
async function registered(extra: Record<string, unknown> = {}, serviceId = s.services.first) {
  const contract = await createContract(s, extra);
  await addService(s, contract._id, serviceId);
  const response = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return contract._id;
}

/** The contract's due rows of a month whose period starts in that month (the earlier ones are its late rows). */
const startingIn = async (contractId: string, month: string) =>
  (await preview(month)).rows.filter((row) => row.contractId === contractId && row.periodFrom.startsWith(month));

/** The months (of those given) in which a period of the contract starts and is due. */
async function dueMonths(contractId: string, months: string[]) {
  const due: string[] = [];
  for (const month of months) if ((await startingIn(contractId, month)).length > 0) due.push(month);
  return due;
}

const months2098 = Array.from({ length: 12 }, (_, i) => `2098-${String(i + 1).padStart(2, '0')}`);

describe('due contracts', () => {
  it('offers monthly contracts every month, quarterly and yearly ones only in their months', async () => {
    const monthly = await registered({ fromDate: '2098-01-15', toDate: '2099-12-31', invoiceMonthlyInterval: 1 });
    const quarterly = await registered({ fromDate: '2098-01-01', toDate: '2099-12-31', invoiceMonthlyInterval: 3 });
    const yearly = await registered({ fromDate: '2098-03-10', toDate: '2099-12-31', invoiceMonthlyInterval: 12 });
    const half = await registered({
      fromDate: '2098-02-01',
      toDate: '2099-12-31',
      invoiceMonthlyInterval: 6,
      invoiceDate: '2098-05-01',
    });
    expect(await dueMonths(monthly, months2098)).toEqual(months2098);
    expect(await dueMonths(quarterly, months2098)).toEqual(['2098-01', '2098-04', '2098-07', '2098-10']);
    expect(await dueMonths(yearly, months2098)).toEqual(['2098-03']);
    expect(await dueMonths(yearly, ['2099-03'])).toEqual(['2099-03']);
    // From the invoice date: the first period runs from the from date to the day before the grid's first start.
    expect(await dueMonths(half, months2098)).toEqual(['2098-02', '2098-05', '2098-11']);
    const [first] = (await preview('2098-02')).rows.filter((row) => row.contractId === half);
    expect(first).toMatchObject({
      periodFrom: '2098-02-01',
      periodTo: '2098-04-30',
      months: 3,
      kind: 'invoice',
      late: false,
    });
    const [april] = await startingIn(quarterly, '2098-04');
    expect(april).toMatchObject({
      periodFrom: '2098-04-01',
      periodTo: '2098-06-30',
      months: 3,
      amount: 1350.75,
      VATAmount: 270.15,
      totalAmount: 1620.9,
      currency: s.eur,
      currencyCode: 'EUR',
    });
    expect(april.contractName).toEqual(t('Счетоводно обслужване', 'Servizi contabili'));
  });

  it('leaves out drafts, canceled and expired contracts, and a period billed by hand', async () => {
    const draft = (await createContract(s, { fromDate: '2098-06-01' }))._id;
    const canceled = await registered({ fromDate: '2098-06-01' });
    await call(s.ctx, 'POST', '/api/contracts/cancel', { contractId: canceled, cancelationReason: 'Край' });
    const expired = await registered({ fromDate: '2025-01-01', toDate: '2025-12-31' });
    const byHand = await registered({ fromDate: '2098-06-01' });
    const generated = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: byHand });
    expect(generated.body.Result.periodFrom).toBe('2098-06-01');
    const ids = (await preview('2098-06')).rows.map((row) => row.contractId);
    for (const id of [draft, canceled, byHand]) expect(ids).not.toContain(id);
    expect((await preview('2025-06')).rows.map((row) => row.contractId)).not.toContain(expired);
    // The next period is offered in its month, and generating by hand goes on from the billed one.
    expect(await dueMonths(byHand, ['2098-07'])).toEqual(['2098-07']);
  });

  it('lists the contracts left out with their reasons', async () => {
    const free = (
      await call(s.ctx, 'POST', '/api/settings/services/save', {
        code: 'FREE',
        name: t('Безплатна', 'Gratuito'),
        price: 0,
      })
    ).body.Result._id;
    const noServices = await registered({ fromDate: '2098-08-01', pricePerMonth: 0 }, free);
    // Registering now needs the account of the currency: a contract without it is older data.
    const noBank = await registered({ fromDate: '2098-08-01' });
    await s.ctx.database.db.execute(
      sql`update contracts set provider_bank2_id = null, provider = jsonb_set(provider, '{bank2}', 'null') where id = ${noBank}`,
    );
    const inactiveClient = (await createClient(s.ctx, { name: t('Спящ ООД', 'Dormiente Srl') }))._id;
    const inactive = await registered({ fromDate: '2098-08-01', customerId: inactiveClient, customerBank: null });
    await s.ctx.database.db.execute(sql`update companies set status = false where id = ${inactiveClient}`);
    const result = await preview('2098-08');
    const reasons = Object.fromEntries(result.leftOut.map((row) => [row.contractId, row.reasons]));
    expect(reasons[noServices]).toEqual(['no_services']);
    expect(reasons[noBank]).toEqual(['no_bank']);
    expect(reasons[inactive]).toEqual(['client_inactive']);
    expect(result.rows.map((row) => row.contractId)).not.toContain(noServices);
    const refused = await run({ month: '2098-08', items: [{ contractId: noBank, periodFrom: '2098-08-01' }] });
    expect(refused).toMatchObject({ created: [], skipped: [{ contractId: noBank, reason: 'no_bank' }] });
  });

  it('includes a contract once management has given it the account of its currency (saveBanks)', async () => {
    const contract = await registered({ fromDate: '2098-09-01' });
    await s.ctx.database.db.execute(
      sql`update contracts set provider_bank2_id = null, provider = jsonb_set(provider, '{bank2}', 'null') where id = ${contract}`,
    );
    const before = await preview('2098-09');
    expect(before.leftOut.find((row) => row.contractId === contract)?.reasons).toEqual(['no_bank']);
    expect(before.rows.map((row) => row.contractId)).not.toContain(contract);

    const saved = await call(
      s.ctx,
      'POST',
      '/api/contracts/saveBanks',
      { contractId: contract, bank2: s.providerBank2 },
      s.ctx.users.manager.token,
    );
    expect(saved.status).toBe(200);
    const after = await preview('2098-09');
    expect(after.leftOut.map((row) => row.contractId)).not.toContain(contract);
    expect(after.rows.find((row) => row.contractId === contract)).toMatchObject({
      periodFrom: '2098-09-01',
      currencyCode: 'EUR',
      kind: 'invoice',
    });
    const made = await run({ month: '2098-09', items: [{ contractId: contract, periodFrom: '2098-09-01' }] });
    expect(made.created.map((doc) => doc.contractId)).toEqual([contract]);
    const invoice = (await call(s.ctx, 'GET', `${BASE.invoice}/${made.created[0]._id}`)).body.Result;
    expect(invoice.provider.bank2.bankId).toBe(s.providerBank2);
  });

  it('is for management only and checks its input', async () => {
    const employee = await call(s.ctx, 'POST', '/api/billing-run/preview', {}, s.ctx.users.employee.token);
    const accountant = await call(
      s.ctx,
      'POST',
      '/api/billing-run/run',
      { month: '2098-01', items: [] },
      s.ctx.users.accountant.token,
    );
    expect([employee.status, accountant.status]).toEqual([403, 403]);
    const manager = await call<BillingRunPreview>(
      s.ctx,
      'POST',
      '/api/billing-run/preview',
      {},
      s.ctx.users.manager.token,
    );
    expect(manager.body.Result.month).toMatch(/^\d{4}-\d{2}$/);
    expect((await call(s.ctx, 'POST', '/api/billing-run/preview', { month: '2098-13' })).status).toBe(400);
    expect((await call(s.ctx, 'POST', '/api/billing-run/run', { month: '2098-01', items: [] })).status).toBe(400);
  });
});

describe('the run', () => {
  it('makes draft invoices and proformas by the generation rule, logged, once', async () => {
    const plain = await registered({ fromDate: '2097-01-01', toDate: '2099-12-31', pricePerMonth: 0 });
    const advance = await registered({
      fromDate: '2096-11-01',
      toDate: '2099-12-31',
      isAdvance: true,
      invoiceMonthlyInterval: 3,
    });
    const due = (await preview('2097-02')).rows.filter(
      (row) => [plain, advance].includes(row.contractId) && row.periodFrom.startsWith('2097-02'),
    );
    expect(Object.fromEntries(due.map((row) => [row.contractId, row.kind]))).toEqual({
      [plain]: 'invoice',
      [advance]: 'proforma',
    });
    const items = due.map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom }));
    const first = await run({ month: '2097-02', items });
    expect(first.created.map((doc) => [doc.contractId, doc.kind, doc.issued])).toEqual(
      due.map((row) => [row.contractId, row.kind, false]),
    );
    const invoice = first.created.find((doc) => doc.contractId === plain)!;
    const view = (await call(s.ctx, 'GET', `${BASE.invoice}/${invoice._id}`)).body.Result;
    expect(view).toMatchObject({
      kind: 'invoice',
      issued: false,
      contract: plain,
      periodFrom: '2097-02-01',
      periodTo: '2097-02-28',
      amount: 120.5,
      totalAmount: 144.6,
      taxDate: view.date,
    });
    const rows = (await call(s.ctx, 'POST', `${BASE.invoice}/getItems`, { invoiceId: invoice._id })).body.Result;
    expect(
      rows.map((row: { name: { bg: string }; quantity: number; comment: { bg: string } }) => [
        row.name.bg,
        row.quantity,
        row.comment.bg,
      ]),
    ).toEqual([['Услуга S1', 1, 'Период 01.02.2097 – 28.02.2097']]);
    expect((await logsOf(s.ctx, invoice._id)).map((log) => log.action)).toContain('billingRun');

    const again = await run({ month: '2097-02', items });
    expect(again.created).toEqual([]);
    expect(again.skipped.map((item) => item.reason)).toEqual(['billed', 'billed']);
    expect([...(await startingIn(plain, '2097-02')), ...(await startingIn(advance, '2097-02'))]).toEqual([]);
    const notDue = await run({ month: '2097-03', items: [{ contractId: advance, periodFrom: '2097-03-01' }] });
    expect(notDue.skipped).toEqual([{ contractId: advance, periodFrom: '2097-03-01', reason: 'not_due' }]);
  });

  it('issues the created documents in the order of the preview when asked', async () => {
    const ids = [
      await registered({ fromDate: '2097-05-01' }),
      await registered({ fromDate: '2097-05-01' }),
      await registered({ fromDate: '2097-05-01' }),
    ];
    const due = (await preview('2097-05')).rows.filter((row) => ids.includes(row.contractId));
    const result = await run({
      month: '2097-05',
      items: [...due].reverse().map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom })),
      issue: true,
    });
    expect(result.issueErrors).toEqual([]);
    expect(result.created.map((doc) => doc.contractId)).toEqual(due.map((row) => row.contractId));
    const numbers = result.created.map((doc) => Number(doc.number));
    expect(result.created.every((doc) => doc.issued)).toBe(true);
    expect(numbers).toEqual([numbers[0], numbers[0] + 1, numbers[0] + 2]);
  });

  raceIt(
    'creates each document once when two runs of the month race',
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < 8; i += 1) ids.push(await registered({ fromDate: '2097-08-01', isAdvance: i % 2 === 0 })); // an advance one's August proforma comes with registering
      const items = (await preview('2097-09')).rows
        .filter((row) => ids.includes(row.contractId) && !row.late)
        .map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom }));
      expect(items).toHaveLength(8);
      const results = await Promise.all([
        run({ month: '2097-09', items }),
        run({ month: '2097-09', items }),
        run({ month: '2097-09', items: [...items].reverse() }),
      ]);
      expect(results.reduce((sum, result) => sum + result.created.length, 0)).toBe(8);
      expect(results.reduce((sum, result) => sum + result.skipped.length, 0)).toBe(16);
      const [{ n, contracts }] = await queryRows<{ n: number; contracts: number }>(
        s.ctx.database.db,
        sql`select cast(count(*) as integer) as n, cast(count(distinct contract_id) as integer) as contracts from billing_documents where period_from = '2097-09-01' and contract_id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))`,
      );
      expect([n, contracts]).toEqual([8, 8]);
    },
    120_000,
  );
});

describe('the timesheet annex', () => {
  const pdfText = (pdf: Buffer) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
      .toString('utf8')
      .replace(/\u00a0/g, ' ');

  it("prints the period's hours per service and person after each copy when the run asks for it", async () => {
    const contract = await registered({ fromDate: '2026-01-01', toDate: '2099-12-31' });
    const today = sofiaDay();
    const month = today.slice(0, 7);
    const body = (duration: number, token: string) =>
      call(
        s.ctx,
        'POST',
        '/api/timesheets/save',
        [{ client: s.visible, contract, service: s.services.first, date: today, duration, comment: '' }],
        token,
      );
    expect((await body(90, s.ctx.users.employee.token)).status).toBe(200);
    expect((await body(45, s.ctx.users.employee.token)).status).toBe(200);
    expect((await body(30, s.ctx.users.manager.token)).status).toBe(200);
    const [due] = await startingIn(contract, month);
    const result = await run({
      month,
      items: [{ contractId: contract, periodFrom: due.periodFrom }],
      timesheetAnnex: true,
    });
    const id = result.created[0]._id;
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/${id}`)).body.Result.timesheetAnnex).toBe(true);
    const pdf = await s.ctx.app.inject({
      method: 'GET',
      url: `${BASE.invoice}/print/${id}?lang=bg`,
      headers: { authorization: `Bearer ${s.ctx.users.admin.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // A draft prints one copy (marked DRAFT), its annex after it.
    expect(text.match(/Приложение: отработено време/g)).toHaveLength(1);
    expect(text).toMatch(/S1 · Услуга S1\s+\S+ \S+\s+2:15/);
    expect(text).toMatch(/Общо\s+2:45/);
    // Turned off on the draft, the PDF has no annex.
    await call(s.ctx, 'POST', `${BASE.invoice}/save`, { _id: id, timesheetAnnex: false });
    const plain = await s.ctx.app.inject({
      method: 'GET',
      url: `${BASE.invoice}/print/${id}?lang=it`,
      headers: { authorization: `Bearer ${s.ctx.users.admin.token}` },
    });
    expect(pdfText(plain.rawPayload)).not.toMatch(/Allegato: ore lavorate/);
    // Back on and issued, the original and the copy each have the annex after them.
    await call(s.ctx, 'POST', `${BASE.invoice}/save`, { _id: id, timesheetAnnex: true });
    expect((await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: id })).status).toBe(200);
    const issued = await s.ctx.app.inject({
      method: 'GET',
      url: `${BASE.invoice}/print/${id}?lang=bg`,
      headers: { authorization: `Bearer ${s.ctx.users.admin.token}` },
    });
    expect(pdfText(issued.rawPayload).match(/Приложение: отработено време/g)).toHaveLength(2);
  });
});
