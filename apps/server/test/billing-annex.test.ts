/**
 * The frozen timesheet annex through HTTP: an issued document prints the annex frozen when it was issued (timesheets
 * saved later, also dated on the contract's first day, change nothing), a draft prints the timesheets as they are,
 * unissue reopens and issuing again freezes anew, an invoice of a period's proforma freezes the proforma's period;
 * the period billed with the annex is locked for employees and managers (409 `timesheet_period_invoiced`), never for
 * admin; a timesheet's date lies within its contract (400 `timesheet_date_outside_contract`); the migration's freeze
 * of documents issued before agrees with the issue's; a save racing the issue is either refused or frozen (on a
 * PostgreSQL server a real race).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BillingKind, MessageKeys as M } from '@kantora/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { billingTimesheetAnnexes, contracts, timesheets } from '../src/db/schema/index.ts';
import { BASE, type BillingSetup, setUpBilling } from './billing-fixtures.ts';
import { addService, createContract, errorsOf } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/\u00a0/g, ' ');
const ANNEX = /Приложение: отработено време/g;

/** A registered contract of the visible client (the employee sees it) with the first service, monthly, from 1900. */
async function registered(extra: Record<string, unknown> = {}) {
  const contract = await createContract(s, {
    fromDate: '1900-01-01',
    toDate: '2099-12-31',
    invoiceMonthlyInterval: 1,
    ...extra,
  });
  await addService(s, contract._id, s.services.first);
  const response = await call(s.ctx, 'POST', '/api/contracts/register', { contractId: contract._id });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return contract._id as string;
}

/** The draft proforma of the contract's next period, with the annex unless told. */
async function nextProforma(contract: string, annex = true) {
  const generated = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: contract });
  if (generated.status !== 200) throw new Error(JSON.stringify(generated.body));
  const { _id, periodFrom, periodTo } = generated.body.Result as { _id: string; periodFrom: string; periodTo: string };
  if (annex)
    expect((await call(s.ctx, 'POST', `${BASE.proforma}/save`, { _id, timesheetAnnex: true })).status).toBe(200);
  return { _id, periodFrom, periodTo };
}

async function issue(kind: BillingKind, id: string) {
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/issue`, { invoiceId: id });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
}

async function print(kind: BillingKind, id: string, lang = 'bg') {
  const response = await s.ctx.app.inject({
    method: 'GET',
    url: `${BASE[kind]}/print/${id}?lang=${lang}`,
    headers: { authorization: `Bearer ${s.ctx.users.admin.token}` },
  });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

/** A timesheet row of the contract (the first service). */
const sheet = (contract: string, date: string, duration = 60, extra: Record<string, unknown> = {}) => ({
  client: s.visible,
  contract,
  service: s.services.first,
  date,
  duration,
  comment: '',
  ...extra,
});

const save = (body: unknown, token = s.ctx.users.admin.token) =>
  call(s.ctx, 'POST', '/api/timesheets/save', body, token);

/** Saves rows (an array); answers their ids. */
async function saved(rows: Record<string, unknown>[], token = s.ctx.users.admin.token) {
  const response = await save(rows, token);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return (response.body.Result as Array<{ _id: string }>).map((row) => row._id);
}

const remove = (id: string, token = s.ctx.users.admin.token) =>
  call(s.ctx, 'POST', '/api/timesheets/remove', { timesheetId: id }, token);

/** The minutes of the contract's timesheets (to see that a refused save kept nothing). */
async function minutesOf(contract: string) {
  const rows = await s.ctx.database.db
    .select({ duration: timesheets.duration })
    .from(timesheets)
    .where(eq(timesheets.contractId, contract));
  return rows.reduce((sum, row) => sum + row.duration, 0);
}

describe('printing the annex', () => {
  it("prints an issued document's annex as it was issued; a draft's follows the timesheets", async () => {
    const contract = await registered();
    const january = await nextProforma(contract);
    expect([january.periodFrom, january.periodTo]).toEqual(['1900-01-01', '1900-01-31']);
    const [employeeRow] = await saved([sheet(contract, '1900-01-10', 90)], s.ctx.users.employee.token);
    const [managerRow] = await saved([sheet(contract, '1900-01-20', 30)], s.ctx.users.manager.token);
    await issue('proforma', january._id);
    const [bg, it] = [await print('proforma', january._id), await print('proforma', january._id, 'it')];
    expect(bg.match(ANNEX)).toHaveLength(2);
    expect(bg).toMatch(/Период: 01\.01\.1900 – 31\.01\.1900/);
    expect(bg).toMatch(/Общо\s+2:00/);

    // Admin is never locked: rows added in the period (one on the contract's first day), changed and deleted.
    await saved([sheet(contract, '1900-01-15', 60), sheet(contract, '1900-01-01', 45)]);
    expect((await save({ _id: employeeRow, ...sheet(contract, '1900-01-10', 300) })).status).toBe(200);
    expect((await remove(managerRow)).status).toBe(200);
    expect(await print('proforma', january._id)).toBe(bg);
    expect(await print('proforma', january._id, 'it')).toBe(it);

    // A draft reads the timesheets at every print.
    const february = await nextProforma(contract);
    expect(february.periodFrom).toBe('1900-02-01');
    expect(await print('proforma', february._id)).not.toMatch(ANNEX);
    await saved([sheet(contract, '1900-02-05', 120)]);
    const draft = await print('proforma', february._id);
    // A draft prints one copy (marked DRAFT), its annex after it.
    expect(draft.match(ANNEX)).toHaveLength(1);
    expect(draft).toMatch(/Общо\s+2:00/);
    await saved([sheet(contract, '1900-02-06', 15)]);
    expect(await print('proforma', february._id)).toMatch(/Общо\s+2:15/);
  });

  it('unissue returns the document to the live annex and issuing again freezes anew', async () => {
    const contract = await registered();
    const january = await nextProforma(contract);
    await saved([sheet(contract, '1900-01-10', 60)], s.ctx.users.employee.token);
    await issue('proforma', january._id);
    await saved([sheet(contract, '1900-01-11', 30)]);
    expect(await print('proforma', january._id)).toMatch(/Общо\s+1:00/);

    expect((await call(s.ctx, 'POST', `${BASE.proforma}/unissue`, { invoiceId: january._id })).status).toBe(200);
    expect(await print('proforma', january._id)).toMatch(/Общо\s+1:30/);
    // A draft locks nothing.
    await saved([sheet(contract, '1900-01-12', 15)], s.ctx.users.employee.token);
    await issue('proforma', january._id);
    const reissued = await print('proforma', january._id);
    expect(reissued).toMatch(/Общо\s+1:45/);
    await saved([sheet(contract, '1900-01-13', 15)]);
    expect(await print('proforma', january._id)).toBe(reissued);
    expect((await save([sheet(contract, '1900-01-14', 15)], s.ctx.users.employee.token)).body.Message).toBe(
      M.timesheet_period_invoiced,
    );
  });

  it("freezes the proforma's period on the invoice made from it", async () => {
    const contract = await registered();
    const january = await nextProforma(contract);
    await saved([sheet(contract, '1900-01-10', 60)], s.ctx.users.employee.token);
    await issue('proforma', january._id);
    const transformed = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: january._id,
    });
    expect(transformed.status).toBe(200);
    const invoiceId = (transformed.body.Result as { _id: string })._id;
    await saved([sheet(contract, '1900-01-11', 30)]);
    expect(await print('invoice', invoiceId)).toMatch(/Общо\s+1:30/);
    await issue('invoice', invoiceId);
    const issued = await print('invoice', invoiceId);
    expect(issued).toMatch(/Период: 01\.01\.1900 – 31\.01\.1900/);
    await saved([sheet(contract, '1900-01-12', 30)]);
    expect(await print('invoice', invoiceId)).toBe(issued);
    expect(await print('proforma', january._id)).toMatch(/Общо\s+1:00/);
  });
});

describe('the lock of a billed period', () => {
  it('refuses employees and managers a row added, changed or moved in a period billed with the annex; admin and other periods are free', async () => {
    const contract = await registered();
    const january = await nextProforma(contract);
    const [januaryRow] = await saved([sheet(contract, '1900-01-10')], s.ctx.users.employee.token);
    const [februaryRow] = await saved([sheet(contract, '1900-02-10')], s.ctx.users.employee.token);
    const [marchRow] = await saved([sheet(contract, '1900-03-10')], s.ctx.users.manager.token);
    await issue('proforma', january._id);
    await nextProforma(contract); // February: a draft with the annex
    const march = await nextProforma(contract, false); // March: issued without the annex
    await issue('proforma', march._id);
    const before = await minutesOf(contract);

    for (const token of [s.ctx.users.employee.token, s.ctx.users.manager.token]) {
      for (const body of [
        [sheet(contract, '1900-01-12')],
        sheet(contract, '1900-01-31'),
        sheet(contract, '1900-01-01'),
        [sheet(contract, '1900-02-12'), sheet(contract, '1900-01-12')],
      ]) {
        const refused = await save(body, token);
        expect(refused.status).toBe(409);
        expect(refused.body).toMatchObject({ Type: 0, Message: M.timesheet_period_invoiced });
      }
      // Changed in the period, moved into it, moved out of it.
      for (const body of [
        { _id: januaryRow, ...sheet(contract, '1900-01-10', 120) },
        { _id: februaryRow, ...sheet(contract, '1900-01-20') },
        { _id: januaryRow, ...sheet(contract, '1900-02-20') },
      ]) {
        const refused = await save(body, token);
        expect(refused.status).toBe(409);
        expect(refused.body.Message).toBe(M.timesheet_period_invoiced);
      }
      // Deleting is admin's only (403 in any period).
      expect((await remove(januaryRow, token)).status).toBe(403);
    }
    expect(await minutesOf(contract)).toBe(before);

    // Outside the billed period: a draft's period and a period issued without the annex.
    await saved(
      [sheet(contract, '1900-02-12'), sheet(contract, '1900-03-12'), sheet(contract, '1900-04-12')],
      s.ctx.users.employee.token,
    );
    expect(
      (await save({ _id: februaryRow, ...sheet(contract, '1900-03-01', 75) }, s.ctx.users.employee.token)).status,
    ).toBe(200);
    expect(
      (await save({ _id: marchRow, ...sheet(contract, '1900-02-01', 75) }, s.ctx.users.manager.token)).status,
    ).toBe(200);

    // Admin is never locked.
    expect((await save([sheet(contract, '1900-01-12')])).status).toBe(200);
    expect((await save({ _id: januaryRow, ...sheet(contract, '1900-01-11', 120) })).status).toBe(200);
    expect((await remove(januaryRow)).status).toBe(200);
  });

  it('on another contract of the client nothing is locked', async () => {
    const billed = await registered();
    const other = await registered();
    const january = await nextProforma(billed);
    await issue('proforma', january._id);
    expect((await save([sheet(other, '1900-01-12')], s.ctx.users.employee.token)).status).toBe(200);
    expect((await save([sheet(billed, '1900-01-12')], s.ctx.users.employee.token)).status).toBe(409);
  });

  it('a save racing the issue is either refused or frozen with the annex', async () => {
    const contract = await registered();
    for (let month = 1; month <= 24; month += 1) {
      const proforma = await nextProforma(contract);
      const date = proforma.periodFrom.replace(/-01$/, '-05');
      const [issued, answer] = await Promise.all([
        call(s.ctx, 'POST', `${BASE.proforma}/issue`, { invoiceId: proforma._id }),
        save([sheet(contract, date, 10 + month)], s.ctx.users.employee.token),
      ]);
      expect(issued.status).toBe(200);
      const [frozen] = await s.ctx.database.db
        .select()
        .from(billingTimesheetAnnexes)
        .where(eq(billingTimesheetAnnexes.documentId, proforma._id));
      const frozenMinutes = frozen.rows.reduce((sum, row) => sum + row.minutes, 0);
      if (answer.status === 200) expect(frozenMinutes).toBe(10 + month);
      else {
        expect(answer.body.Message).toBe(M.timesheet_period_invoiced);
        expect(frozenMinutes).toBe(0);
      }
    }
  }, 120_000);
});

describe("a timesheet's date", () => {
  it('lies within its contract: before its start or after its end is 400 on the date', async () => {
    const contract = await registered({ fromDate: '2026-01-01' });
    const before = await save(sheet(contract, '2025-12-31'), s.ctx.users.employee.token);
    expect(before.status).toBe(400);
    expect(errorsOf(before.body)).toEqual({ date: M.timesheet_date_outside_contract });
    const many = await save([sheet(contract, '2026-01-01'), sheet(contract, '2025-06-30')]);
    expect(many.status).toBe(400);
    expect(errorsOf(many.body)).toEqual({ '1.date': M.timesheet_date_outside_contract });
    expect(await minutesOf(contract)).toBe(0);

    // A contract that has ended since: its row's date may not pass its end.
    const [id] = await saved([sheet(contract, '2026-03-10')], s.ctx.users.employee.token);
    await s.ctx.database.db.update(contracts).set({ toDate: '2026-03-09' }).where(eq(contracts.id, contract));
    const after = await save({ _id: id, ...sheet(contract, '2026-03-10', 90) });
    expect(after.status).toBe(400);
    expect(errorsOf(after.body)).toEqual({ date: M.timesheet_date_outside_contract });
    expect((await save({ _id: id, ...sheet(contract, '2026-03-09', 90) })).status).toBe(200);
  });
});

describe('documents issued before the annex was frozen', () => {
  it("get the annex the issue would freeze from the migration's statement", async () => {
    const contract = await registered();
    const january = await nextProforma(contract);
    await saved([sheet(contract, '1900-01-10', 90)], s.ctx.users.employee.token);
    await saved([sheet(contract, '1900-01-11', 30), sheet(contract, '1900-01-12', 20)], s.ctx.users.manager.token);
    await issue('proforma', january._id);
    const db = s.ctx.database.db;
    const [frozen] = await db
      .select()
      .from(billingTimesheetAnnexes)
      .where(eq(billingTimesheetAnnexes.documentId, january._id));
    expect(frozen.rows).toHaveLength(2);
    const printed = await print('proforma', january._id);

    await db.delete(billingTimesheetAnnexes).where(eq(billingTimesheetAnnexes.documentId, january._id));
    const migration = readFileSync(join(MIGRATIONS_DIR, '0018_timesheet_annexes.sql'), 'utf8');
    const statement = migration
      .split('--> statement-breakpoint')
      .find((part) => part.includes('INSERT INTO "billing_timesheet_annexes"'));
    expect(statement).toBeDefined();
    await db.execute(sql.raw(statement!));
    const [again] = await db
      .select()
      .from(billingTimesheetAnnexes)
      .where(eq(billingTimesheetAnnexes.documentId, january._id));
    expect({ ...again, frozen: null }).toEqual({ ...frozen, frozen: null });
    expect(await print('proforma', january._id)).toBe(printed);
  });
});
