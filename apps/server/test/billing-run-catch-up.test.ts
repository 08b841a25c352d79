/**
 * The billing run catches up and bills each period once, through HTTP: every unbilled period of a running contract up
 * to the chosen month is offered, the oldest first, the earlier months' periods marked late; whatever billed a period
 * (the run, generateProformaInvoice, a document made by hand for the contract and period, a proforma made by hand
 * and turned into an invoice) keeps it from being offered again, and a credit notice does not give it back; runs
 * racing each other or documents made by hand never bill a period twice (a real race on PostgreSQL: 50 requests).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BILLING_RUN_PREVIEW_MAX, sofiaDay } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { BACKFILL_BILLED_PERIODS } from '../src/modules/billing/contract-billing.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  issue,
  runBilling,
  runPreview,
  setUpBilling,
  t,
} from './billing-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const preview = (month: string) => runPreview(s, month);
const run = (body: Record<string, unknown>) => runBilling(s, body);

/** A registered contract of the visible client (one service, 450.25 a month unless told). */
const registered = async (extra: Record<string, unknown>) =>
  (await contractIn(s, 'registered', { toDate: '2099-12-31', ...extra }))._id;

/** The contract's due rows of a month's preview: [period start, late]. */
async function dueOf(contractId: string, month: string): Promise<Array<[string, boolean]>> {
  return (await preview(month)).rows
    .filter((row) => row.contractId === contractId)
    .map((row) => [row.periodFrom, row.late]);
}

/** A draft made by hand for the contract (the visible client's), dated `date`. */
const byHand = (kind: 'invoice' | 'proforma', contract: string, date: string, extra: Record<string, unknown> = {}) =>
  createDraft(s, kind, { contract, date, paymentDeadlineDate: date, ...extra });

const items = (contractId: string, starts: string[]) => starts.map((periodFrom) => ({ contractId, periodFrom }));

describe('catching up', () => {
  it('offers every period missed since a contract was last billed, the oldest first, the earlier months late; running them bills each once', async () => {
    const contract = await registered({ fromDate: '2095-01-01' });
    // January to March billed by the run of March (January and February were late then).
    expect(await dueOf(contract, '2095-03')).toEqual([
      ['2095-01-01', true],
      ['2095-02-01', true],
      ['2095-03-01', false],
    ]);
    expect(
      (await run({ month: '2095-03', items: items(contract, ['2095-01-01', '2095-02-01', '2095-03-01']) })).created,
    ).toHaveLength(3);

    // Last billed in March: the run of November offers April to October as late, and November.
    const missed = ['2095-04-01', '2095-05-01', '2095-06-01', '2095-07-01', '2095-08-01', '2095-09-01', '2095-10-01'];
    expect(await dueOf(contract, '2095-11')).toEqual([
      ...missed.map((start): [string, boolean] => [start, true]),
      ['2095-11-01', false],
    ]);
    const rows = (await preview('2095-11')).rows.filter((row) => row.contractId === contract);
    expect(rows.slice(0, 2).map((row) => [row.periodTo, row.months, row.totalAmount, row.kind])).toEqual([
      ['2095-04-30', 1, 540.3, 'invoice'],
      ['2095-05-31', 1, 540.3, 'invoice'],
    ]);

    // In the run's call, in any order: one document per period, the oldest first.
    const made = await run({ month: '2095-11', items: items(contract, [...missed, '2095-11-01'].reverse()) });
    expect(made.created.map((doc) => doc.periodFrom)).toEqual([...missed, '2095-11-01']);
    expect(made.skipped).toEqual([]);
    const invoice = (await call(s.ctx, 'GET', `${BASE.invoice}/${made.created[0]._id}`)).body.Result;
    expect(invoice).toMatchObject({ contract, periodFrom: '2095-04-01', periodTo: '2095-04-30', totalAmount: 540.3 });
    expect(await dueOf(contract, '2095-11')).toEqual([]);
    const again = await run({ month: '2095-11', items: items(contract, [...missed, '2095-11-01']) });
    expect(again.created).toEqual([]);
    expect(again.skipped.map((item) => item.reason)).toEqual(missed.concat('2095-11-01').map(() => 'billed'));
    // A period after the month is not offered yet, so not run either.
    expect((await run({ month: '2095-11', items: items(contract, ['2095-12-01']) })).skipped).toEqual([
      { contractId: contract, periodFrom: '2095-12-01', reason: 'not_due' },
    ]);
  });

  it("follows a quarterly contract's grid from its invoice date, its first period from the from date", async () => {
    const contract = await registered({ fromDate: '2089-02-01', invoiceDate: '2089-05-01', invoiceMonthlyInterval: 3 });
    expect(await dueOf(contract, '2089-11')).toEqual([
      ['2089-02-01', true],
      ['2089-05-01', true],
      ['2089-08-01', true],
      ['2089-11-01', false],
    ]);
    const [first] = (await preview('2089-11')).rows.filter((row) => row.contractId === contract);
    expect(first).toMatchObject({ periodTo: '2089-04-30', months: 3 });
  });

  it('does not offer a period a document made by hand bills; a draft moved to another period lets the old one go; a credit notice gives nothing back', async () => {
    const contract = await registered({ fromDate: '2094-09-01' });
    const draft = await byHand('invoice', contract, '2094-11-10');
    expect(await dueOf(contract, '2094-11')).toEqual([
      ['2094-09-01', true],
      ['2094-10-01', true],
    ]);
    // The draft dated in October bills October instead; November is offered again.
    await call(s.ctx, 'POST', `${BASE.invoice}/save`, {
      _id: draft._id,
      date: '2094-10-05',
      paymentDeadlineDate: '2094-10-05',
    });
    expect(await dueOf(contract, '2094-11')).toEqual([
      ['2094-09-01', true],
      ['2094-11-01', false],
    ]);
    // November's invoice by hand, issued; the run's item for November is then billed.
    const november = await byHand('invoice', contract, '2094-11-20');
    await addItem(s, 'invoice', november._id, 450.25);
    await issue(s, 'invoice', november._id);
    expect(await dueOf(contract, '2094-11')).toEqual([['2094-09-01', true]]);
    expect((await run({ month: '2094-11', items: items(contract, ['2094-11-01']) })).skipped).toEqual([
      { contractId: contract, periodFrom: '2094-11-01', reason: 'billed' },
    ]);
    // A second document of a billed period is an extra one: it takes nothing.
    await byHand('invoice', contract, '2094-11-25');
    // A credit notice of November's invoice, dated in December, neither unbills November nor bills December.
    const notice = await byHand('invoice', contract, '2094-12-03', {
      noticeType: 1,
      creditToInvoice: november._id,
      noticeReason: t('Отстъпка', 'Sconto'),
    });
    await addItem(s, 'invoice', notice._id, 50);
    await issue(s, 'invoice', notice._id);
    expect(await dueOf(contract, '2094-12')).toEqual([
      ['2094-09-01', true],
      ['2094-12-01', false],
    ]);
  });

  it('does not offer the periods generateProformaInvoice billed, and it goes on after the last period billed by any document', async () => {
    const contract = await registered({ fromDate: '2093-01-01' });
    const generate = () => call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: contract });
    expect((await generate()).body.Result).toMatchObject({ periodFrom: '2093-01-01', periodTo: '2093-01-31' });
    await byHand('invoice', contract, '2093-02-10');
    expect((await generate()).body.Result).toMatchObject({ periodFrom: '2093-03-01', periodTo: '2093-03-31' });
    expect(await dueOf(contract, '2093-05')).toEqual([
      ['2093-04-01', true],
      ['2093-05-01', false],
    ]);
  });

  it('does not offer the period of a proforma made by hand and turned into an invoice; the invoice bills no other period', async () => {
    const contract = await registered({ fromDate: '2092-01-01' });
    const proforma = await byHand('proforma', contract, '2092-03-10');
    await addItem(s, 'proforma', proforma._id, 450.25);
    await issue(s, 'proforma', proforma._id);
    const transformed = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect(transformed.status).toBe(200);
    const invoice = transformed.body.Result;
    expect(invoice).toMatchObject({ contract, transformedFromProformaInvoice: proforma._id });
    await addItem(s, 'invoice', invoice._id, 10);
    await issue(s, 'invoice', invoice._id);
    // The invoice is dated today, long before the contract: it would bill the first period if it went by its own date.
    expect(await dueOf(contract, '2092-04')).toEqual([
      ['2092-01-01', true],
      ['2092-02-01', true],
      ['2092-04-01', false],
    ]);
  });
});

describe('concurrent requests', () => {
  raceIt(
    'bills each missed period once under 50 concurrent runs',
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push(await registered({ fromDate: '2091-01-01', isAdvance: i === 0 }));
      const due = (await preview('2091-04')).rows
        .filter((row) => ids.includes(row.contractId))
        .map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom }));
      // The advance contract's January came with registering.
      expect(due).toHaveLength(19);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => run({ month: '2091-04', items: i % 2 === 0 ? due : [...due].reverse() })),
      );
      expect(results.reduce((sum, result) => sum + result.created.length, 0)).toBe(19);
      expect(results.flatMap((result) => result.skipped).every((item) => item.reason === 'billed')).toBe(true);
      const [counts] = await queryRows<{ documents: number; periods: number; billed: number }>(
        s.ctx.database.db,
        sql`select
            (select cast(count(*) as integer) from billing_documents where contract_id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))) as documents,
            (select cast(count(distinct (contract_id, period_from)) as integer) from billing_documents where contract_id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))) as periods,
            (select cast(count(*) as integer) from contract_billed_periods b join billing_documents d on d.id = b.document_id where b.contract_id in (select unnest(${`{${ids.join(',')}}`}::uuid[]))) as billed`,
      );
      expect(counts).toEqual({ documents: 20, periods: 20, billed: 20 });
      for (const id of ids) expect(await dueOf(id, '2091-04')).toEqual([]);
    },
    180_000,
  );

  raceIt(
    'makes nothing for a period billed by hand, and bills a period once when 25 runs race 25 documents made by hand',
    async () => {
      const billed = await registered({ fromDate: '2090-01-01' });
      await byHand('invoice', billed, '2090-01-15');
      const late = await Promise.all(
        Array.from({ length: 50 }, () => run({ month: '2090-01', items: items(billed, ['2090-01-01']) })),
      );
      expect(late.flatMap((result) => result.created)).toEqual([]);

      const contract = await registered({ fromDate: '2090-01-01' });
      const requests = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? run({ month: '2090-01', items: items(contract, ['2090-01-01']) }).then((result) => ({
              run: result.created.length,
            }))
          : byHand('invoice', contract, '2090-01-10').then(() => ({ run: 0 })),
      );
      const made = (await Promise.all(requests)).reduce((sum, result) => sum + result.run, 0);
      expect(made).toBeLessThanOrEqual(1);
      const claims = await queryRows<{ generated: boolean }>(
        s.ctx.database.db,
        sql`select d.period_from is not null as generated from contract_billed_periods b join billing_documents d on d.id = b.document_id where b.contract_id = ${contract} and b.period_from = '2090-01-01'`,
      );
      // One document bills January: the run's when it came first (then it made exactly that one), else one made by hand.
      expect(claims).toEqual([{ generated: made === 1 }]);
      const [{ documents }] = await queryRows<{ documents: number }>(
        s.ctx.database.db,
        sql`select cast(count(*) as integer) as documents from billing_documents where contract_id = ${contract}`,
      );
      expect(documents).toBe(25 + made);
      expect(await dueOf(contract, '2090-01')).toEqual([]);
    },
    180_000,
  );
});

describe('the preview limit', () => {
  it(`lists at most ${BILLING_RUN_PREVIEW_MAX} periods, the oldest, and says more are due`, async () => {
    // Five monthly contracts since 1900: 12 000 unbilled periods up to December 2099.
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await registered({ fromDate: '1900-01-01' }));
    const result = await preview('2099-12');
    expect(result.truncated).toBe(true);
    expect(result.rows.length + result.leftOut.length).toBe(BILLING_RUN_PREVIEW_MAX);
    expect(result.rows[0]).toMatchObject({ periodFrom: '1900-01-01', late: true });
    expect(result.rows.map((row) => row.periodFrom)).toEqual([...result.rows.map((row) => row.periodFrom)].sort());
    expect(result.rows.at(-1)?.periodFrom).toBe('2066-08-01');
    expect((await preview('1900-01')).truncated).toBe(false);
  }, 120_000);
});

describe('documents made before the billed periods were recorded', () => {
  it("get their periods and where catching up starts from migration 0020's statements (which the seeds' backfill repeats)", async () => {
    const db = s.ctx.database.db;
    const month = sofiaDay().slice(0, 7);
    // Invoiced by hand for January and March 2025 (February's gap is left alone), and a credit notice of March.
    const invoiced = await registered({ fromDate: '2025-01-01' });
    await byHand('invoice', invoiced, '2025-01-20');
    const march = await byHand('invoice', invoiced, '2025-03-05');
    await addItem(s, 'invoice', march._id, 100);
    await issue(s, 'invoice', march._id);
    await byHand('invoice', invoiced, '2025-06-01', {
      noticeType: 1,
      creditToInvoice: march._id,
      noticeReason: t('Отстъпка', 'Sconto'),
    });
    // A proforma of February 2025 turned into an invoice (dated today).
    const advanced = await registered({ fromDate: '2025-01-01' });
    const proforma = await byHand('proforma', advanced, '2025-02-03');
    await addItem(s, 'proforma', proforma._id, 100);
    await issue(s, 'proforma', proforma._id);
    expect(
      (await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, { proformaInvoiceId: proforma._id }))
        .status,
    ).toBe(200);
    // Running since 2024, never billed here.
    const never = await registered({ fromDate: '2024-01-01' });

    const ids = [invoiced, advanced, never];
    const list = sql.raw(`'{${ids.join(',')}}'::uuid[]`);
    await db.execute(sql`delete from contract_billed_periods where contract_id = any(${list})`);
    await db.execute(sql`update contracts set billing_from = null where id = any(${list})`);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0020_billed_periods.sql'), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((part) =>
        part
          .replace(/^\s*--.*$/gm, '')
          .trim()
          .replace(/;$/, ''),
      )
      .filter((part) => /^(insert into contract_billed_periods|update contracts c set billing_from)/.test(part));
    const dialect = new PgDialect();
    expect(statements).toEqual(BACKFILL_BILLED_PERIODS.map((statement) => dialect.sqlToQuery(statement).sql));
    for (const statement of statements) await db.execute(sql.raw(statement));

    const billed = await queryRows<{
      contract_id: string;
      period_from: string;
      period_to: string;
      document_id: string;
    }>(
      db,
      sql`select contract_id, cast(period_from as text) as period_from, cast(period_to as text) as period_to, document_id from contract_billed_periods where contract_id = any(${list}) order by contract_id, period_from`,
    );
    const periodsOf = (id: string) =>
      billed.filter((row) => row.contract_id === id).map((row) => [row.period_from, row.period_to, row.document_id]);
    expect(periodsOf(invoiced)).toEqual([
      ['2025-01-01', '2025-01-31', expect.any(String)],
      ['2025-03-01', '2025-03-31', march._id],
    ]);
    expect(periodsOf(advanced)).toEqual([['2025-02-01', '2025-02-28', proforma._id]]);
    expect(periodsOf(never)).toEqual([]);
    const starts = await queryRows<{ id: string; billing_from: string }>(
      db,
      sql`select id, cast(billing_from as text) as billing_from from contracts where id = any(${list})`,
    );
    expect(Object.fromEntries(starts.map((row) => [row.id, row.billing_from]))).toEqual({
      [invoiced]: '2025-04-01',
      [advanced]: '2025-03-01',
      [never]: `${month}-01`,
    });

    // The run then offers April 2025 onwards (not February's gap), March 2025 onwards, and the current month only.
    const due = (await preview(month)).rows;
    const firstOf = (id: string) => due.filter((row) => row.contractId === id).map((row) => row.periodFrom);
    expect(firstOf(invoiced)[0]).toBe('2025-04-01');
    expect(firstOf(invoiced)).not.toContain('2025-02-01');
    expect(firstOf(advanced)[0]).toBe('2025-03-01');
    expect(firstOf(never)).toEqual([`${month}-01`]);
    // generateProformaInvoice of a contract never billed starts there too.
    expect(
      (await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: never })).body.Result
        .periodFrom,
    ).toBe(`${month}-01`);
  });
});
