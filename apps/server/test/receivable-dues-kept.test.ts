/**
 * The dues the database keeps per invoice (receivable_dues, migration 0031's trigger) for the receivables summary
 * agree with the money rule computed from the documents (receivableDues in receivables.sql.ts) after every kind of
 * write: issuing, payments (partial, full, changed, removed, a credit notice's refund), credit and debit notices,
 * unissuing a notice and an invoice and issuing it again; and after payments of an invoice and of its notices racing
 * on PostgreSQL (each locks only its own document, so the kept due is moved by each of them side by side).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { receivableDues } from '../src/modules/receivables/receivables.sql.ts';
import {
  addItem,
  BASE,
  type BillingSetup,
  createDraft,
  issue,
  issuedNotice,
  issuedWith,
  savedPayment,
  setUpBilling,
} from './billing-fixtures.ts';
import { raceIt } from './concurrency.ts';
import { call } from './helpers.ts';

let s: BillingSetup;
beforeAll(async () => {
  s = await setUpBilling();
});
afterAll(() => s.ctx.close());

interface Kept {
  invoice_id: string;
  customer_id: string | null;
  currency_id: string | null;
  deadline: string | null;
  due_cents: string;
}

/** The rows kept, and the ones the rule computes from the documents now (every issued invoice), by invoice. */
async function keptAndComputed(where: SQL = sql`true`) {
  const kept = await queryRows<Kept>(
    s.ctx.database.db,
    sql`select invoice_id, customer_id, currency_id, cast(deadline as text) as deadline,
        cast(due_cents as text) as due_cents
      from receivable_dues r where ${where} order by invoice_id`,
  );
  const computed = await queryRows<Kept>(
    s.ctx.database.db,
    sql`select invoice_id, customer_id, currency_id, cast(deadline as text) as deadline,
        cast(cast(due * 100 as bigint) as text) as due_cents
      from (${receivableDues({ openOnly: false })}) r where ${where} order by invoice_id`,
  );
  return { kept, computed };
}

async function expectAgreement() {
  const { kept, computed } = await keptAndComputed();
  expect(kept).toEqual(computed);
}

/** The kept due of one invoice in cents (undefined: no row). */
async function keptDue(invoiceId: string): Promise<number | undefined> {
  const { kept } = await keptAndComputed(sql`r.invoice_id = ${invoiceId}::uuid`);
  return kept[0] ? Number(kept[0].due_cents) : undefined;
}

const pay = async (documentId: string, amount: number, id?: string) =>
  (await savedPayment(s, documentId, amount, '2026-03-20', id ? { _id: id } : {}))._id;

const notice = (type: 1 | 2, original: string, net: number) =>
  issuedNotice(s, type, original, net, { date: '2026-03-10' });

async function unissue(documentId: string) {
  const response = await call(s.ctx, 'POST', `${BASE.invoice}/unissue`, { invoiceId: documentId });
  if (response.status !== 200) throw new Error(`unissue: ${JSON.stringify(response.body)}`);
}

describe('the dues kept per invoice', () => {
  it('follow issuing, payments, notices and unissuing as the rule computes them', async () => {
    // 1 000 + 20 % = 1 200 and 500 + 20 % = 600; a draft has no row.
    const first = await issuedWith(s, 'invoice', [[1000, 1]]);
    const second = await issuedWith(s, 'invoice', [[500, 1]], { paymentDeadlineDate: '2026-04-30' });
    const draft = await createDraft(s, 'invoice');
    await addItem(s, 'invoice', draft._id, 300);
    expect(await keptDue(first._id)).toBe(120_000);
    expect(await keptDue(second._id)).toBe(60_000);
    expect(await keptDue(draft._id)).toBeUndefined();
    await expectAgreement();

    // A partial payment, a full one, a payment changed and one removed.
    const part = await pay(first._id, 200);
    await pay(second._id, 600);
    expect(await keptDue(first._id)).toBe(100_000);
    expect(await keptDue(second._id)).toBe(0);
    await pay(first._id, 250, part);
    const removed = await pay(first._id, 100);
    expect(await keptDue(first._id)).toBe(85_000);
    const gone = await call(s.ctx, 'POST', `${BASE.invoice}/removePayment`, {
      invoicePaymentId: removed,
      invoiceId: first._id,
    });
    expect(gone.status).toBe(200);
    expect(await keptDue(first._id)).toBe(95_000);
    await expectAgreement();

    // A credit notice of −120 with a refund of 20, a debit notice of +60: 950 − 120 + 20 + 60 = 910.
    const credit = await notice(1, first._id, 100);
    expect(await keptDue(first._id)).toBe(83_000);
    await pay(credit._id, -20);
    const debit = await notice(2, first._id, 50);
    expect(await keptDue(first._id)).toBe(91_000);
    await expectAgreement();

    // The debit notice unissued leaves the invoice; issued again, it is back.
    await unissue(debit._id);
    expect(await keptDue(first._id)).toBe(85_000);
    await issue(s, 'invoice', debit._id);
    expect(await keptDue(first._id)).toBe(91_000);

    // An invoice without payments but with a credit notice, unissued: its row goes; issued again, its row comes back
    // from its amounts and its notice's.
    const third = await issuedWith(s, 'invoice', [[200, 1]]);
    await notice(1, third._id, 50);
    expect(await keptDue(third._id)).toBe(18_000);
    await unissue(third._id);
    expect(await keptDue(third._id)).toBeUndefined();
    await expectAgreement();
    await issue(s, 'invoice', third._id);
    expect(await keptDue(third._id)).toBe(18_000);
    await expectAgreement();

    // The summary sums the kept rows: what the rule leaves outstanding, in EUR.
    const summary = await call(s.ctx, 'GET', '/api/receivables/summary');
    const eur = summary.body.Result.currencies.find((one: { currency: string }) => one.currency === 'EUR');
    const { computed } = await keptAndComputed();
    const outstanding = computed.reduce((sum, row) => sum + Math.max(0, Number(row.due_cents)), 0);
    expect(Math.round(eur.outstanding * 100)).toBe(outstanding);
  });

  raceIt(
    'agree after 60 payments of an invoice, its credit notice and its debit notice racing',
    async () => {
      // 2 000 + 20 % = 2 400; a credit notice of −240 (refunds of −1 each) and a debit notice of +120.
      const invoice = await issuedWith(s, 'invoice', [[2000, 1]]);
      const credit = await notice(1, invoice._id, 200);
      const debit = await notice(2, invoice._id, 100);
      const calls = Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? { invoice: invoice._id, amount: 10 }
          : i % 3 === 1
            ? { invoice: credit._id, amount: -1 }
            : { invoice: debit._id, amount: 2 },
      );
      const results = await Promise.all(
        calls.map((body) =>
          call(s.ctx, 'POST', `${BASE.invoice}/savePayment`, { ...body, date: '2026-03-20', type: s.paymentType }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual(calls.map(() => 200));
      // 2 400 − 240 + 120 − 20 × 10 + 20 × 1 − 20 × 2 = 2 060.
      expect(await keptDue(invoice._id)).toBe(206_000);
      await expectAgreement();
    },
    180_000,
  );

  it("migration 0031's backfill gives every invoice issued before it its row", async () => {
    const { kept } = await keptAndComputed();
    expect(kept.length).toBeGreaterThan(3);
    const backfill = readFileSync(join(MIGRATIONS_DIR, '0031_receivable_dues.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.replace(/^\s*--.*$/gm, '').trim())
      .filter((part) => /^INSERT INTO receivable_dues/i.test(part));
    expect(backfill).toHaveLength(1);
    // The table as the migration finds it (created empty, the trigger not yet there for the documents before it).
    await s.ctx.database.db.execute(sql`delete from receivable_dues`);
    await s.ctx.database.db.execute(sql.raw(backfill[0]));
    expect((await keptAndComputed()).kept).toEqual(kept);
    await expectAgreement();
  });
});
