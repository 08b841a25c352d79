/**
 * Issuing from two API instances on one database at once (two buildApp; on PostgreSQL each with its own connection
 * pool, as two server processes behind a load balancer): the number register row, locked by each issuing transaction,
 * keeps the numbers of each register a gapless sequence without duplicates (docs/performance.md, "Past one machine").
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import type { AppInstance } from '../src/http/types.ts';
import { addItem, BASE, type BillingSetup, copiesOf, createDraft, setUpBilling } from './billing-fixtures.ts';
import { raceIt } from './concurrency.ts';
import { bearer } from './helpers.ts';

let s: BillingSetup;
let other: AppInstance;
let otherDatabase: Database | null = null;

beforeAll(async () => {
  s = await setUpBilling();
  const template = inject('dbTemplate');
  let database = s.ctx.database;
  if (template.kind === 'postgres') {
    const [{ name }] = await queryRows<{ name: string }>(s.ctx.database.db, sql`select current_database() as name`);
    const url = new URL(template.url);
    url.pathname = `/${name}`;
    otherDatabase = await openPostgres(url.toString(), 10);
    database = otherDatabase;
  }
  other = await buildApp({ config: s.ctx.config, database, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
  await other.ready();
}, 120_000);

afterAll(async () => {
  await other?.close();
  await otherDatabase?.close();
  await s?.ctx.close();
});

const registerOf = async (kind: 'invoice' | 'proforma') =>
  (
    await queryRows<{ next: string; max_issued: string }>(
      s.ctx.database.db,
      sql`select next, max_issued from number_registers where kind = ${kind}`,
    )
  ).map((row) => ({ next: Number(row.next), maxIssued: Number(row.max_issued) }))[0];

/** Issues each draft through the two instances in turn, all at once; answers the numbers given, in order. */
async function issueSplit(kind: 'invoice' | 'proforma', ids: string[]): Promise<number[]> {
  const results = await Promise.all(
    ids.map((id, index) =>
      (index % 2 === 0 ? s.ctx.app : other).inject({
        method: 'POST',
        url: `${BASE[kind]}/issue`,
        headers: bearer(s.ctx.users.manager.token),
        payload: kind === 'invoice' ? { invoiceId: id } : { proformaInvoiceId: id },
      }),
    ),
  );
  expect(results.map((response) => response.statusCode)).toEqual(ids.map(() => 200));
  return results.map((response) => Number(response.json().Result.number)).sort((a, b) => a - b);
}

describe('issuing from two API instances', () => {
  raceIt(
    'gives 50 invoices and 20 proformas issued through both at once gapless numbers without duplicates',
    async () => {
      const invoice = await createDraft(s, 'invoice');
      await addItem(s, 'invoice', invoice._id, 12.5, 2);
      const proforma = await createDraft(s, 'proforma');
      await addItem(s, 'proforma', proforma._id, 40, 1);
      const [invoices, proformas] = await Promise.all([copiesOf(s, invoice._id, 50), copiesOf(s, proforma._id, 20)]);
      const before = { invoice: await registerOf('invoice'), proforma: await registerOf('proforma') };

      const [invoiceNumbers, proformaNumbers] = await Promise.all([
        issueSplit('invoice', invoices),
        issueSplit('proforma', proformas),
      ]);

      for (const [kind, numbers, count] of [
        ['invoice', invoiceNumbers, 50],
        ['proforma', proformaNumbers, 20],
      ] as const) {
        // The register's next numbers, each once, in one run: before.next, before.next + 1, …
        expect(numbers).toEqual(Array.from({ length: count }, (_, i) => before[kind].next + i));
        expect(await registerOf(kind)).toEqual({ next: before[kind].next + count, maxIssued: numbers.at(-1) });
        const stored = await queryRows<{ number: string }>(
          s.ctx.database.db,
          sql`select number from billing_documents where kind = ${kind} and issued and id in (${sql.join(
            (kind === 'invoice' ? invoices : proformas).map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by number`,
        );
        expect(stored.map((row) => Number(row.number))).toEqual(numbers);
      }
    },
    180_000,
  );
});
