/**
 * The billing run's set-based chunk through HTTP (docs/decisions.md, "Billing run"): one call makes its drafts, their
 * rows and their log rows in a few statements, and what it makes is what the document-at-a-time generation made
 * before — pinned field by field against the run's output recorded before the change
 * (billing-run-set-based.golden.json: the documents' views, rows, the documents' and contracts' log rows, the
 * call's answer; ids, today's date and timestamps replaced by names). Overlapping calls over one chunk bill each
 * period once (a real race on PostgreSQL).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sofiaDay } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceIt } from './concurrency.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { BASE, type BillingSetup, createDraft, runBilling, runPreview, setUpBilling, t } from './billing-fixtures.ts';
import { createClient, IBAN } from './clients-fixtures.ts';
import { addService, createContract } from './contracts-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const GOLDEN = join(import.meta.dirname, 'billing-run-set-based.golden.json');

/** Saves, adds the services (none: the first one) and registers a contract; answers its id. */
async function registered(extra: Record<string, unknown>, services: string[] = [s.services.first]) {
  const contract = await createContract(s, extra);
  for (const service of services) await addService(s, contract._id, service);
  const response = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return contract._id as string;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The period start a contract's log row names. */
const periodOf = (documents: unknown) => String((documents as { new: { periodFrom: string } }).new.periodFrom);

/** Replaces the given values (ids, dates) by names, timestamps by `<time>` and other ids (rows') by `<uuid>`, anywhere in a JSON value. */
function normalized(value: unknown, names: Array<[string, string]>): unknown {
  let text = JSON.stringify(value).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)/g, '<time>');
  text = text.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?([+-]\d\d(:?\d\d)?)?/g, '<time>');
  for (const [raw, name] of names) text = text.split(raw).join(name);
  return JSON.parse(text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>'));
}

describe('a chunk of the run, made set-based', () => {
  it('makes the same drafts, rows, amounts, log rows and answer as the document-at-a-time generation', async () => {
    const today = sofiaDay();
    const termed = await createClient(s.ctx, {
      name: t('Срочен ООД', 'Termine Srl'),
      paymentTermDays: 10,
      bank: { name: t('ДСК', 'DSK'), address: t('София', 'Sofia'), iban: IBAN, currency: s.eur },
    });
    const plain = await registered({ name: t('Месечен', 'Mensile'), fromDate: '2095-03-01' });
    const services = await registered(
      {
        name: t('Тримесечен', 'Trimestrale'),
        fromDate: '2095-03-01',
        invoiceMonthlyInterval: 3,
        pricePerMonth: 0,
      },
      [s.services.first, s.services.second],
    );
    const advance = await registered({ name: t('Авансов', 'Anticipato'), fromDate: '2095-02-01', isAdvance: true });
    const dollars = await registered({
      name: t('В долари', 'In dollari'),
      fromDate: '2095-03-01',
      invoiceDate: '2095-03-10',
      currency: s.usd,
      pricePerMonth: 99.99,
    });
    // Its first period is long past: due today plus the client's 10 days, not the period's start.
    const late = await registered({
      name: t('Със срок', 'Con termine'),
      customerId: termed._id,
      customerBank: termed.bank!._id,
      fromDate: '2020-01-01',
      pricePerMonth: 1000.01,
    });
    const byHand = await registered({ name: t('Ръчен', 'A mano'), fromDate: '2095-03-01' });
    await createDraft(s, 'invoice', { contract: byHand, date: '2095-03-05', paymentDeadlineDate: '2095-03-05' });

    const preview = await runPreview(s, '2095-03');
    const ours = [plain, services, advance, dollars, late];
    const due = preview.rows.filter(
      (row) => ours.includes(row.contractId) && (row.contractId !== late || row.periodFrom === '2020-01-01'),
    );
    // The first period of `late` and the 2095-03 ones (the advance contract's February came with registering; the
    // dollars' contract has two: its first period, cut at its invoice date, and the grid's from the 10th).
    expect(due.map((row) => [row.contractId, row.periodFrom]).sort()).toEqual(
      [
        [plain, '2095-03-01'],
        [services, '2095-03-01'],
        [advance, '2095-03-01'],
        [dollars, '2095-03-01'],
        [dollars, '2095-03-10'],
        [late, '2020-01-01'],
      ].sort(),
    );
    const items = [
      ...[...due].reverse().map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom })),
      { contractId: plain, periodFrom: '2095-03-01' },
      { contractId: byHand, periodFrom: '2095-03-01' },
      { contractId: plain, periodFrom: '2095-04-01' },
    ];
    const result = await runBilling(s, { month: '2095-03', items, timesheetAnnex: true });
    expect(result.created.map((doc) => doc.contractId)).toEqual(due.map((row) => row.contractId));

    const made = [];
    for (const doc of result.created) {
      const view = (await call(s.ctx, 'GET', `${BASE[doc.kind]}/${doc._id}`)).body.Result;
      const rows = (
        await call(s.ctx, 'POST', `${BASE[doc.kind]}/getItems`, {
          [doc.kind === 'invoice' ? 'invoiceId' : 'proformaInvoiceId']: doc._id,
        })
      ).body.Result;
      const logRow = ({
        name,
        doc: of,
        model,
        type,
        action,
        documents,
        createdBy,
        createdByName,
        ip,
      }: Record<string, unknown>) => ({
        name,
        doc: of,
        model,
        type,
        action,
        documents,
        createdBy,
        createdByName,
        ip,
      });
      const documentLogs = (await logsOf(s.ctx, doc._id)).map(logRow);
      // The contract's rows of this document (one transaction's rows share their time: the period orders them).
      const contractLogs = (await logsOf(s.ctx, doc.contractId))
        .filter((row) => row.action === 'billingRun')
        .map(logRow)
        .sort((a, b) => periodOf(a.documents).localeCompare(periodOf(b.documents)));
      const [billed] = await queryRows<{ period_from: string; period_to: string }>(
        s.ctx.database.db,
        sql`select cast(period_from as text) as period_from, cast(period_to as text) as period_to from contract_billed_periods where document_id = ${doc._id}`,
      );
      made.push({ view, rows, documentLogs, contractLogs, billed });
    }
    const visibleBulstat = String((await call(s.ctx, 'GET', `/api/companies/${s.visible}`)).body.Result.bulstat);
    const names: Array<[string, string]> = [
      ...result.created.map((doc, index) => [doc._id, `<document ${index + 1}>`] as [string, string]),
      [plain, '<plain>'],
      [services, '<services>'],
      [advance, '<advance>'],
      [dollars, '<dollars>'],
      [late, '<late>'],
      [byHand, '<byHand>'],
      [termed._id, '<termed>'],
      [termed.bank!._id, '<termedBank>'],
      [String(termed.bulstat), '<termedBulstat>'],
      [visibleBulstat, '<visibleBulstat>'],
      [s.visible, '<visible>'],
      [s.visibleBank, '<visibleBank>'],
      [s.providerBank, '<providerBank>'],
      [s.providerBank2, '<providerBank2>'],
      [s.myCompany, '<myCompany>'],
      [s.eur, '<eur>'],
      [s.usd, '<usd>'],
      [s.vat20, '<vat20>'],
      [s.paymentType, '<paymentType>'],
      [s.services.first, '<S1>'],
      [s.services.second, '<S2>'],
      [s.ctx.users.admin.id, '<admin>'],
      [addDays(today, 10), '<today+10>'],
      [today, '<today>'],
    ];
    const actual = normalized({ result, made }, names);
    if (process.env.KANTORA_WRITE_GOLDEN) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 2)}\n`);
    }
    expect(actual).toEqual(JSON.parse(readFileSync(GOLDEN, 'utf8')));
  });
});

describe('overlapping calls', () => {
  raceIt(
    'bill each period of a chunk once when 10 calls over it run at once, with one row set and two log rows a document',
    async () => {
      const ids: string[] = [];
      for (let i = 0; i < 12; i += 1)
        ids.push(await registered({ fromDate: '2093-01-01', isAdvance: i % 4 === 0, pricePerMonth: 100 + i }));
      const chunk = (await runPreview(s, '2093-02')).rows
        .filter((row) => ids.includes(row.contractId))
        .map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom }));
      // Two months of each (an advance one's January came with registering).
      expect(chunk).toHaveLength(21);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          runBilling(s, { month: '2093-02', items: i % 2 === 0 ? chunk : [...chunk].reverse() }),
        ),
      );
      expect(results.reduce((sum, result) => sum + result.created.length, 0)).toBe(21);
      const skipped = results.flatMap((result) => result.skipped);
      expect(skipped).toHaveLength(9 * 21);
      expect(skipped.every((item) => item.reason === 'billed')).toBe(true);
      const list = `{${ids.join(',')}}`;
      const [counts] = await queryRows<{
        documents: number;
        periods: number;
        billed: number;
        rows: number;
        documentLogs: number;
        contractLogs: number;
      }>(
        s.ctx.database.db,
        sql`select
            (select cast(count(*) as integer) from billing_documents where contract_id in (select unnest(${list}::uuid[]))) as documents,
            (select cast(count(distinct (contract_id, period_from)) as integer) from billing_documents where contract_id in (select unnest(${list}::uuid[]))) as periods,
            (select cast(count(*) as integer) from contract_billed_periods b join billing_documents d on d.id = b.document_id where b.contract_id in (select unnest(${list}::uuid[]))) as billed,
            (select cast(count(*) as integer) from billing_items i join billing_documents d on d.id = i.document_id where d.contract_id in (select unnest(${list}::uuid[]))) as rows,
            (select cast(count(*) as integer) from logs l join billing_documents d on l.doc = cast(d.id as text) where l.action = 'billingRun' and d.contract_id in (select unnest(${list}::uuid[]))) as "documentLogs",
            (select cast(count(*) as integer) from logs l where l.action = 'billingRun' and l.doc in (select cast(unnest(${list}::uuid[]) as text))) as "contractLogs"`,
      );
      // 21 made by the run and the 3 advance contracts' January proformas made when registering.
      expect(counts).toEqual({ documents: 24, periods: 24, billed: 24, rows: 24, documentLogs: 21, contractLogs: 21 });
      expect((await runPreview(s, '2093-02')).rows.filter((row) => ids.includes(row.contractId))).toEqual([]);
    },
    180_000,
  );
});
