import { sofiaDay } from '@kantora/domain';
/**
 * Removing and duplicating drafts (docs/decisions.md, "Removing and duplicating drafts"): a draft that never had a
 * number is deleted with its rows and billed period (409 for a numbered one); any document is copied into a new
 * draft; a draft notice copies its original's rows. The race of remove and issue runs on PGlite (one after another)
 * and, with TEST_DATABASE_URL, on a PostgreSQL server (a real race decided by the document's row lock).
 */
import type { BillingKind } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/sql-helpers.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  copiesOf,
  createDraft,
  createNotice,
  issue,
  issuedWith,
  setUpBilling,
} from './billing-fixtures.ts';
import { contractIn } from './contracts-fixtures.ts';
import { call, logsOf } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

const KINDS: BillingKind[] = ['invoice', 'proforma'];
const ref = (kind: BillingKind, id: string) => (kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id });
const remove = (kind: BillingKind, id: string, token?: string) =>
  call(s.ctx, 'POST', `${BASE[kind]}/remove`, ref(kind, id), token);
const duplicate = (kind: BillingKind, id: string, token?: string) =>
  call(s.ctx, 'POST', `${BASE[kind]}/duplicate`, ref(kind, id), token);
const copyRows = (id: string, token?: string) =>
  call(s.ctx, 'POST', `${BASE.invoice}/copyOriginalItems`, { invoiceId: id }, token);
const rowsOf = async (kind: BillingKind, id: string) =>
  (await call(s.ctx, 'POST', `${BASE[kind]}/getItems`, ref(kind, id))).body.Result as Array<{
    name: { bg: string };
    comment: { bg: string };
    price: number;
    quantity: number;
    total: number;
  }>;
const count = async (query: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(s.ctx.database.db, query))[0].n;

describe('remove', () => {
  for (const kind of KINDS) {
    it(`deletes an empty ${kind} draft, logged with the document as old`, async () => {
      const draft = await createDraft(s, kind);
      const response = await remove(kind, draft._id);
      expect([response.status, response.body.Message, response.body.Result]).toEqual([
        200,
        'deleted_successfully',
        { _id: draft._id },
      ]);
      expect((await call(s.ctx, 'GET', `${BASE[kind]}/${draft._id}`)).status).toBe(404);
      const log = (await logsOf(s.ctx, draft._id)).at(-1)!;
      expect([log.type, log.action, log.model]).toEqual(['delete', 'remove', 'billing_documents']);
      expect(log.documents).toMatchObject({ old: { _id: draft._id, number: null, issued: false }, new: null });
    });

    it(`deletes a ${kind} draft with rows, and its rows`, async () => {
      const draft = await createDraft(s, kind);
      await addItem(s, kind, draft._id, 10, 2);
      await addItem(s, kind, draft._id, 5, 1);
      expect((await remove(kind, draft._id)).status).toBe(200);
      expect(
        await count(sql`select cast(count(*) as integer) as n from billing_items where document_id = ${draft._id}`),
      ).toBe(0);
    });

    it(`refuses an issued ${kind} (409 document_issued) and one unissued back to draft with its number (409 document_numbered)`, async () => {
      const issued = await issuedWith(s, kind, [[10, 1]]);
      const refused = await remove(kind, issued._id);
      expect([refused.status, refused.body.Message]).toEqual([409, 'document_issued']);
      const unissued = await call(s.ctx, 'POST', `${BASE[kind]}/unissue`, ref(kind, issued._id));
      expect([
        unissued.status,
        unissued.body.Result.issued,
        unissued.body.Result.number,
        unissued.body.Result.rights.canRemove,
      ]).toEqual([200, false, issued.number, false]);
      const numbered = await remove(kind, issued._id);
      expect([numbered.status, numbered.body.Message]).toEqual([409, 'document_numbered']);
      expect((await call(s.ctx, 'GET', `${BASE[kind]}/${issued._id}`)).body.Result).toMatchObject({
        number: issued.number,
        itemsCount: 1,
      });
    });

    it(`answers 404 for an unknown ${kind} and one of the other kind, 400 without an id`, async () => {
      const other = await createDraft(s, kind === 'invoice' ? 'proforma' : 'invoice');
      expect((await remove(kind, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await remove(kind, other._id)).status).toBe(404);
      expect((await call(s.ctx, 'POST', `${BASE[kind]}/remove`, {})).status).toBe(400);
    });
  }

  it('marks the rights: canRemove on a never-issued draft for management only', async () => {
    const draft = await createDraft(s, 'invoice');
    expect((await call(s.ctx, 'GET', `${BASE.invoice}/${draft._id}`)).body.Result.rights).toMatchObject({
      canRemove: true,
      canDuplicate: true,
    });
    expect(
      (await call(s.ctx, 'GET', `${BASE.invoice}/${draft._id}`, undefined, s.ctx.users.accountant.token)).body.Result
        .rights,
    ).toMatchObject({ canRemove: false, canDuplicate: false });
    const issued = await issuedWith(s, 'invoice', [[1, 1]]);
    expect(issued.rights).toMatchObject({ canRemove: false, canDuplicate: true });
  });

  it('frees the contract period a removed draft billed: generating again bills the same period', async () => {
    const contract = await contractIn(s, 'registered', {
      fromDate: '2097-01-01',
      toDate: '2097-12-31',
      invoiceMonthlyInterval: 1,
    });
    const first = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: contract._id });
    expect([first.status, first.body.Result.periodFrom]).toEqual([200, '2097-01-01']);
    const billed = sql`select cast(count(*) as integer) as n from contract_billed_periods where contract_id = ${contract._id} and period_from = '2097-01-01'`;
    expect(await count(billed)).toBe(1);
    expect((await remove('proforma', first.body.Result._id)).status).toBe(200);
    expect(await count(billed)).toBe(0);
    const again = await call(s.ctx, 'POST', '/api/contracts/generateProformaInvoice', { contractId: contract._id });
    expect([again.status, again.body.Result.periodFrom]).toEqual([200, '2097-01-01']);
  });

  it('frees the rows of the proforma a removed draft invoice was made from: they can be transformed again', async () => {
    const proforma = await issuedWith(s, 'proforma', [
      [10, 1],
      [20, 1],
    ]);
    const invoice = (
      await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, { proformaInvoiceId: proforma._id })
    ).body.Result;
    expect(
      (await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, { proformaInvoiceId: proforma._id }))
        .status,
    ).toBe(409);
    expect((await remove('invoice', invoice._id)).status).toBe(200);
    const after = (await call(s.ctx, 'GET', `${BASE.proforma}/${proforma._id}`)).body.Result;
    expect([after.transformedToInvoice, after.transformedItems, after.rights.canTransform]).toEqual([null, 0, true]);
    const again = await call(s.ctx, 'POST', `${BASE.proforma}/transformProformaToInvoice`, {
      proformaInvoiceId: proforma._id,
    });
    expect([again.status, again.body.Result.itemsCount]).toEqual([200, 2]);
  });
});

describe('duplicate', () => {
  for (const kind of KINDS) {
    it(`copies an issued ${kind} into a new draft: header and rows, today, no number, no payments, a fresh deadline`, async () => {
      const source = await issuedWith(
        s,
        kind,
        [
          [12.5, 2],
          [7, 3],
        ],
        { currency: s.usd, VATCharging: true, VATType: s.vat9, showBGInvoice: true },
      );
      if (kind === 'invoice') {
        const paid = await call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
          invoice: source._id,
          amount: 10,
          date: '2026-03-10',
          type: s.paymentType,
        });
        expect(paid.status).toBe(200);
      }
      // A new document is due its date plus the client's term (else the invoice defaults'): so is the copy, from today.
      await s.ctx.database.db.execute(sql`update invoice_settings set payment_term_days = 30`);
      await s.ctx.database.db.execute(sql`update companies set payment_term_days = 10 where id = ${s.visible}`);
      const response = await duplicate(kind, source._id);
      await s.ctx.database.db.execute(sql`update companies set payment_term_days = null where id = ${s.visible}`);
      expect([response.status, response.body.Message]).toEqual([200, 'saved_successfully']);
      const copy = response.body.Result;
      const today = sofiaDay();
      expect(copy._id).not.toBe(source._id);
      expect(copy).toMatchObject({
        kind,
        number: null,
        issued: false,
        date: today,
        isPaid: 0,
        paidAmount: 0,
        customerId: source.customerId,
        customerBank: source.customerBank,
        providerBank: source.providerBank,
        currency: s.usd,
        currencyRate: source.currencyRate,
        VATCharging: source.VATCharging,
        VATType: s.vat9,
        VATPercentage: source.VATPercentage,
        VATName: source.VATName,
        showBGInvoice: true,
        amount: source.amount,
        totalAmount: source.totalAmount,
        itemsCount: 2,
      });
      const due = new Date(`${today}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 10);
      expect(copy.paymentDeadlineDate).toBe(due.toISOString().slice(0, 10));
      expect((await rowsOf(kind, copy._id)).map((row) => [row.name.bg, row.price, row.quantity, row.total])).toEqual(
        (await rowsOf(kind, source._id)).map((row) => [row.name.bg, row.price, row.quantity, row.total]),
      );
      const log = (await logsOf(s.ctx, copy._id)).at(-1)!;
      expect([log.type, log.action]).toEqual(['create', 'duplicate']);
      // The copy is an ordinary draft: it is issued with the next number.
      expect((await issue(s, kind, copy._id)).number).not.toBe(source.number);
    });

    it(`copies a ${kind} draft too, and the source stays as it was`, async () => {
      const draft = await createDraft(s, kind);
      await addItem(s, kind, draft._id, 3, 1);
      const copy = (await duplicate(kind, draft._id)).body.Result;
      expect([copy.issued, copy.number, copy.itemsCount]).toEqual([false, null, 1]);
      expect((await call(s.ctx, 'GET', `${BASE[kind]}/${draft._id}`)).body.Result.itemsCount).toBe(1);
    });
  }

  it('copies a credit notice into a credit notice draft of the same original, capped as usual at issue', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]]); // 120.00
    const notice = await createNotice(s, 1, original._id);
    await addItem(s, 'invoice', notice._id, 60, 1); // -72.00
    await issue(s, 'invoice', notice._id);
    const copy = (await duplicate('invoice', notice._id)).body.Result;
    expect(copy).toMatchObject({
      noticeType: 1,
      creditToInvoice: original._id,
      totalAmount: -72,
      issued: false,
      number: null,
      paymentDeadlineDate: null,
    });
    const refused = await call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: copy._id });
    expect([refused.status, refused.body.Message]).toEqual([400, 'credit_notice_exceeds_invoice']);
  });
});

describe('copyOriginalItems', () => {
  it('copies the original invoice rows into an empty credit notice draft (negative totals), logged; a second time is 409', async () => {
    const original = await issuedWith(s, 'invoice', [
      [100, 1],
      [12.5, 2],
    ]); // 125 + 25 VAT = 150
    const notice = await createNotice(s, 1, original._id);
    const response = await copyRows(notice._id);
    expect([response.status, response.body.Message]).toEqual([200, 'saved_successfully']);
    expect(response.body.Result).toMatchObject({ itemsCount: 2, amount: -125, totalAmount: -150 });
    expect(
      (await rowsOf('invoice', notice._id)).map((row) => [row.name.bg, row.price, row.quantity, row.total]),
    ).toEqual([
      ['Счетоводни услуги', 100, 1, -100],
      ['Счетоводни услуги', 12.5, 2, -25],
    ]);
    const log = (await logsOf(s.ctx, notice._id)).at(-1)!;
    expect([log.type, log.action]).toEqual(['update', 'copyOriginalItems']);
    const again = await copyRows(notice._id);
    expect([again.status, again.body.Message]).toEqual([409, 'document_has_items']);
    // The user then edits a quantity, and the notice is issued within the original.
    expect((await issue(s, 'invoice', notice._id)).totalAmount).toBe(-150);
  });

  it('copies into a debit notice (positive)', async () => {
    const original = await issuedWith(s, 'invoice', [[40, 1]]);
    const notice = await createNotice(s, 2, original._id);
    expect((await copyRows(notice._id)).body.Result).toMatchObject({ itemsCount: 1, totalAmount: 48 });
  });

  it('converts the prices when the notice has another rate than its original (older data)', async () => {
    const original = await issuedWith(s, 'invoice', [[100, 1]], { currency: s.usd, currencyRate: 1.8 });
    const notice = await createNotice(s, 1, original._id);
    await s.ctx.database.db.execute(sql`update billing_documents set currency_rate = 2 where id = ${notice._id}`);
    await copyRows(notice._id);
    expect((await rowsOf('invoice', notice._id)).map((row) => row.price)).toEqual([90]);
  });

  it('refuses an invoice that is not a notice, an issued notice (409) and an unknown one (404)', async () => {
    const plain = await createDraft(s, 'invoice');
    const notNotice = await copyRows(plain._id);
    expect([notNotice.status, notNotice.body.Message]).toEqual([409, 'notice_original_required']);
    const original = await issuedWith(s, 'invoice', [[10, 1]]);
    const notice = await createNotice(s, 2, original._id);
    await addItem(s, 'invoice', notice._id, 1, 1);
    await issue(s, 'invoice', notice._id);
    const issued = await copyRows(notice._id);
    expect([issued.status, issued.body.Message]).toEqual([409, 'document_issued']);
    expect((await copyRows('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect(
      (await call(s.ctx, 'POST', `${BASE.proforma}/copyOriginalItems`, { proformaInvoiceId: plain._id })).status,
    ).toBe(404);
  });
});

describe('permissions', () => {
  const roles = ['employee', 'client', 'accountant', 'manager', 'admin'] as const;
  for (const kind of KINDS) {
    it(`lets management remove and duplicate ${kind}s; accountants, employees and clients get 403`, async () => {
      for (const role of roles) {
        const token = s.ctx.users[role].token;
        const allowed = role === 'admin' || role === 'manager';
        const draft = await createDraft(s, kind);
        const removed = await remove(kind, draft._id, token);
        const copied = await duplicate(kind, draft._id, token);
        expect([role, removed.status, copied.status]).toEqual(allowed ? [role, 200, 404] : [role, 403, 403]);
        if (!allowed)
          expect([removed.body.Type, (await duplicate(kind, (await createDraft(s, kind))._id, token)).status]).toEqual([
            0, 403,
          ]);
        else expect((await duplicate(kind, (await createDraft(s, kind))._id, token)).status).toBe(200);
      }
    });
  }

  it('lets management copy a notice original rows; the others get 403', async () => {
    const original = await issuedWith(s, 'invoice', [[10, 1]]);
    for (const role of roles) {
      const notice = await createNotice(s, 2, original._id);
      const response = await copyRows(notice._id, s.ctx.users[role].token);
      expect([role, response.status]).toEqual([role, role === 'admin' || role === 'manager' ? 200 : 403]);
    }
  });
});

describe('remove racing issue', () => {
  it('ends with an issued document with its rows or a removed one, never a numbered one without rows, never a 500', async () => {
    const draft = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', draft._id, 12, 1);
    await addItem(s, 'invoice', draft._id, 3, 2);
    const ids = await copiesOf(s, draft._id, 20);
    const [before] = await queryRows<{ next: string }>(
      s.ctx.database.db,
      sql`select next from number_registers where kind = 'invoice'`,
    );
    const outcomes = await Promise.all(
      ids.map(async (id, index) => {
        const calls = [call(s.ctx, 'POST', `${BASE.invoice}/issue`, { invoiceId: id }), remove('invoice', id)];
        const [issued, removed] = await Promise.all(index % 2 === 0 ? calls : [...calls].reverse()).then((results) =>
          index % 2 === 0 ? results : [...results].reverse(),
        );
        return {
          id,
          issued: issued.status,
          removed: removed.status,
          issuedMessage: issued.body.Message,
          removedMessage: removed.body.Message,
        };
      }),
    );
    let issuedCount = 0;
    for (const outcome of outcomes) {
      const [doc] = await queryRows<{ number: string | null; issued: boolean }>(
        s.ctx.database.db,
        sql`select number, issued from billing_documents where id = ${outcome.id}`,
      );
      const rows = await count(
        sql`select cast(count(*) as integer) as n from billing_items where document_id = ${outcome.id}`,
      );
      if (outcome.issued === 200) {
        issuedCount += 1;
        expect([outcome.removed, outcome.removedMessage, doc?.issued, doc?.number !== null, rows]).toEqual([
          409,
          'document_issued',
          true,
          true,
          2,
        ]);
      } else {
        expect([outcome.issued, outcome.removed, doc, rows]).toEqual([404, 200, undefined, 0]);
      }
    }
    // Every number taken belongs to an issued document: no gap.
    const [after] = await queryRows<{ next: string }>(
      s.ctx.database.db,
      sql`select next from number_registers where kind = 'invoice'`,
    );
    expect(Number(after.next) - Number(before.next)).toBe(issuedCount);
  }, 120_000);
});
