/**
 * What the cases' bodies need from the seeded data (ids, a sample client, date ranges, files to zip), read
 * once by the runner and handed to both sides, so the HTTP call and the direct SQL ask for the same thing.
 * A row that needs another id from the data adds a field here.
 */
import { Access } from '@kantora/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';
import { generationDefaults } from '../src/modules/billing/index.ts';
import { dueCandidates, currentMonth } from '../src/modules/billing-run/index.ts';
import type { Actor } from '../src/http/actor.ts';
import { InvoiceSettingsService } from '../src/modules/settings/index.ts';
import { type StatementFixtures, statementFixtures } from './statement-data.ts';

/** The signed-in users of the cases (the demo users and the administrator). */
export const BENCH_USERS = {
  admin: 'admin@kantora.local',
  manager: 'manager@kantora.local',
  employee: 'employee@kantora.local',
  employee2: 'employee2@kantora.local',
  accountant: 'accountant@kantora.local',
  client: 'client@kantora.local',
} as const;
export type BenchRole = keyof typeof BENCH_USERS;

export interface Fixtures {
  users: Record<BenchRole, Actor>;
  /** An active client about a quarter into the large preset (its bulstat and VAT number for the filters). */
  client: { bulstat: string; vatNumber: string };
  documentsFlow: {
    /** The client with the most documents. */
    company: string;
    /** The top category with the most subcategories (the filter takes the whole subtree). */
    category: string;
    /** A month of document dates half a year back (the closed range reads the date index). */
    fromDate: string;
    toDate: string;
    /** A month of upload days a year back. */
    uploadedFrom: string;
    uploadedTo: string;
    /** The files of the newest 100 documents, for the zip. */
    zipFileIds: string[];
  };
  contracts: {
    /** The client with the most contracts: its id, bulstat and VAT number for the filters. */
    customer: string;
    bulstat: string;
    vatNumber: string;
  };
  billing: {
    /** The client and the contract with the most invoices. */
    customer: string;
    contract: string;
    /** The number of an issued invoice and of an issued proforma about half way back. */
    invoiceNumber: string;
    proformaNumber: string;
    /** A month of document dates half a year back. */
    fromDate: string;
    toDate: string;
    /** Draft invoices that can be issued (header, customer and rows complete), newest first: one per issue request. */
    drafts: string[];
  };
  /** The billing run of the current month: its due periods (about 5 000 at full), in 50 calls' worth, in the preview's order. */
  billingRun: { month: string; due: number; chunks: Array<Array<{ contractId: string; periodFrom: string }>> };
  /** The client with 1 000 issued invoices and their payments the bench adds (statement-data.ts) and its periods. */
  statement: StatementFixtures;
  /** The issued invoices of 10 and 100 rows the large preset adds last, for the print rows. */
  printing: { invoice10: string; invoice100: string };
  /** Months (YYYY-MM) of the month package: the one with the most issued invoices and notices, and the one nearest a quarter of it. */
  monthPackage: { busiest: string; quarter: string };
  timesheets: {
    /** The client, the contract and the service with the most rows. */
    client: string;
    contract: string;
    service: string;
    /** A month of dates half a year back. */
    fromDate: string;
    toDate: string;
    /** The newest dates holding about 200 000 rows (all of them in a smaller preset), for the export. */
    exportFrom: string;
    exportTo: string;
  };
}

/** The current month's due periods (those the run would bill), cut into 50 run calls in the preview's order. */
async function billingRunFixtures(db: Db): Promise<Fixtures['billingRun']> {
  const month = currentMonth();
  const due = (await dueCandidates(db, await generationDefaults(db, new InvoiceSettingsService(db)), month)).filter(
    (c) => c.reasons.length === 0,
  );
  const size = Math.max(1, Math.ceil(due.length / 50));
  const chunks: Fixtures['billingRun']['chunks'] = [];
  for (let start = 0; start < due.length; start += size)
    chunks.push(
      due.slice(start, start + size).map((c) => ({ contractId: c.contractId, periodFrom: c.period.periodFrom })),
    );
  return { month, due: due.length, chunks };
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const people = await queryRows<{
    id: string;
    access: number;
    email: string;
    first_name: { bg: string; it: string };
    last_name: { bg: string; it: string };
    locale: string | null;
  }>(
    db,
    sql`select id, access, email, first_name, last_name, locale from users where email in ${Object.values(BENCH_USERS)} or access = ${Access.admin} order by created`,
  );
  const users = Object.fromEntries(
    Object.entries(BENCH_USERS).map(([role, email]) => {
      const row =
        people.find((person) => person.email === email) ??
        (role === 'admin' ? people.find((person) => person.access === Access.admin) : undefined);
      if (!row) throw new Error(`bench: no user ${email} (the demo data is seeded first)`);
      const fullName = {
        bg: `${row.first_name.bg} ${row.last_name.bg}`,
        it: `${row.first_name.it} ${row.last_name.it}`,
      };
      return [
        role,
        {
          id: row.id,
          access: row.access,
          email: row.email,
          fullName,
          locale: row.locale === 'it' ? 'it' : 'bg',
        } satisfies Actor,
      ];
    }),
  ) as Record<BenchRole, Actor>;

  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select cast(count(*) as integer) as n from companies where status`,
  );
  const [client] = await queryRows<{ bulstat: string; vat_number: string }>(
    db,
    sql`select bulstat, vat_number from companies where status order by created, id offset ${Math.floor(n / 4)} limit 1`,
  );
  const [company] = await queryRows<{ id: string }>(
    db,
    sql`select company_id as id from documents_flow group by company_id order by count(*) desc, company_id limit 1`,
  );
  const [category] = await queryRows<{ id: string }>(
    db,
    sql`select p.id from document_flow_categories p left join document_flow_categories c on c.parent_id = p.id
        where p.parent_id is null group by p.id order by count(c.id) desc, p.id limit 1`,
  );
  const files = await queryRows<{ id: string }>(
    db,
    sql`select file_id as id from documents_flow where file_id is not null order by created desc, id limit 100`,
  );
  const [customer] = await queryRows<{ id: string; bulstat: string; vat_number: string }>(
    db,
    sql`select c.id, c.bulstat, c.vat_number from companies c join (select customer_id, count(*) as n from contracts group by customer_id) k on k.customer_id = c.id order by k.n desc, c.id limit 1`,
  );
  const [billingCustomer] = await queryRows<{ id: string }>(
    db,
    sql`select customer_id as id from billing_documents where kind = 'invoice' and customer_id is not null group by customer_id order by count(*) desc, customer_id limit 1`,
  );
  const [billingContract] = await queryRows<{ id: string }>(
    db,
    sql`select contract_id as id from billing_documents where kind = 'invoice' and contract_id is not null group by contract_id order by count(*) desc, contract_id limit 1`,
  );
  const numberOf = async (kind: string) => {
    const [{ n }] = await queryRows<{ n: number }>(
      db,
      sql`select cast(count(*) as integer) as n from billing_documents where kind = ${kind} and issued`,
    );
    const [found] = await queryRows<{ number: string }>(
      db,
      sql`select number from billing_documents where kind = ${kind} and issued order by number offset ${Math.floor(n / 2)} limit 1`,
    );
    return found?.number ?? '0000000001';
  };
  const drafts = await queryRows<{ id: string }>(
    db,
    sql`select d.id from billing_documents d where d.kind = 'invoice' and not d.issued and d.notice_type = 0 and d.customer_id is not null and d.payment_deadline_date >= d.date
        and exists (select 1 from billing_items i where i.document_id = d.id) order by d.created desc, d.id limit 600`,
  );
  // Among the newest issued invoices (not the statement client's copies, numbered 99xxxxxxxx, created when first
  // read) one of 10 and one of 100 rows. The newest 2 000: the issuing rows issue the bench's newest drafts (about
  // 130 a run), which become the newest issued invoices, so that a run after runs still finds the seed's.
  const printSamples = await queryRows<{ id: string; rows: number }>(
    db,
    sql`select d.id, cast(count(*) as integer) as rows from (select id from billing_documents where kind = 'invoice' and issued and number < '9900000000' order by created desc, id limit 2000) d
        join billing_items i on i.document_id = d.id group by d.id having count(*) in (10, 100)`,
  );
  const printSample = (rows: number) => printSamples.find((sample) => sample.rows === rows)?.id;
  const [invoice10, invoice100] = [printSample(10), printSample(100)];
  if (!invoice10 || !invoice100) throw new Error('bench: the seeded data has no issued invoices of 10 and 100 rows');
  const months = await queryRows<{ month: string; count: number }>(
    db,
    sql`select to_char(date, 'YYYY-MM') as month, cast(count(*) as integer) as count from billing_documents
        where kind = 'invoice' and issued group by 1 order by 2 desc, 1`,
  );
  if (months.length === 0) throw new Error('bench: the seeded data has no issued invoices');
  const quarterOf = months.reduce((best, one) =>
    Math.abs(one.count - months[0].count / 4) < Math.abs(best.count - months[0].count / 4) ? one : best,
  );
  const mostOf = async (column: string) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select ${sql.raw(column)} as id from timesheets group by 1 order by count(*) desc, 1 limit 1`,
      )
    )[0]?.id;
  const [timesheetClient, timesheetContract, timesheetService] = [
    await mostOf('client_id'),
    await mostOf('contract_id'),
    await mostOf('service_id'),
  ];
  // The newest day from which on the rows add up to 200 000 (or the first day).
  const [exportRange] = await queryRows<{ from: string; to: string }>(
    db,
    sql`with days as (select date, count(*) as n from timesheets group by date), running as (select date, sum(n) over (order by date desc) as total from days)
        select coalesce((select min(date) from running where total <= 200000), (select min(date) from days))::text as from, (select max(date) from days)::text as to`,
  );
  if (!timesheetClient || !timesheetContract || !timesheetService || !exportRange?.from)
    throw new Error('bench: the seeded data has no timesheets');
  if (!client || !company || !category || !customer || !billingCustomer || !billingContract)
    throw new Error('bench: the seeded data has no clients, documents, contracts or invoices');
  return {
    users,
    client: { bulstat: client.bulstat, vatNumber: client.vat_number },
    documentsFlow: {
      company: company.id,
      category: category.id,
      fromDate: day(200),
      toDate: day(170),
      uploadedFrom: day(400),
      uploadedTo: day(370),
      zipFileIds: files.map((file) => file.id),
    },
    contracts: { customer: customer.id, bulstat: customer.bulstat, vatNumber: customer.vat_number },
    billing: {
      customer: billingCustomer.id,
      contract: billingContract.id,
      invoiceNumber: await numberOf('invoice'),
      proformaNumber: await numberOf('proforma'),
      fromDate: day(200),
      toDate: day(170),
      drafts: drafts.map((row) => row.id),
    },
    printing: { invoice10, invoice100 },
    statement: await statementFixtures(db),
    monthPackage: { busiest: months[0].month, quarter: quarterOf.month },
    billingRun: await billingRunFixtures(db),
    timesheets: {
      client: timesheetClient,
      contract: timesheetContract,
      service: timesheetService,
      fromDate: day(200),
      toDate: day(170),
      exportFrom: exportRange.from,
      exportTo: exportRange.to,
    },
  };
}
