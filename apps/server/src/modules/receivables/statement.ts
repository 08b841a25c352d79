/**
 * The statement of account's data (docs/decisions.md, "Receivables: the statement of account"): a client's issued
 * invoices and notices and their payments, per currency, for a period. Opening balance = Σ documents dated before
 * fromDate − Σ payments dated before fromDate; then every document and payment dated in the period in date order
 * (documents before payments on a day, then by number) with the running balance; closing balance = opening + debits −
 * credits. A credit notice is stored negative (a credit), a debit notice positive (a debit); a credit notice's refunds
 * are negative payments (a debit). Proformas and drafts are not part of an account.
 */
import {
  defaultMailLanguage,
  fromCents,
  type Locale,
  type LocalizedText,
  type Statement,
  type StatementCurrency,
  type StatementEntry,
  type StatementEntryKind,
  type StatementParty,
  toCents,
} from '@kantora/domain';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, myCompany, offices } from '../../db/schema/index.ts';
import { queryRows } from '../../db/sql-helpers.ts';
import type { Actor } from '../../http/actor.ts';
import { assertClientVisible } from '../clients/index.ts';

export interface StatementPeriod {
  clientId: string;
  fromDate: string;
  toDate: string;
}

/** The client's documents that make its account: issued invoices and notices (not proformas, not drafts). */
const accountDocuments = (clientId: string, toDate: string) => sql`
  select d.id, d.date, d.number, d.notice_type, d.payment_deadline_date, d.credit_to_invoice_id, d.total_amount,
    d.created, coalesce(upper(c.code), '') as currency
  from billing_documents d left join currencies c on c.id = d.currency_id
  where d.customer_id = ${clientId}::uuid and d.kind = 'invoice' and d.issued and d.date <= ${toDate}::date`;

interface OpeningRow {
  currency: string;
  amount: string;
}

interface EntryRow {
  currency: string;
  date: string;
  payment: boolean;
  document_id: string;
  number: string | null;
  notice_type: number;
  deadline: string | null;
  reference: string | null;
  amount: string;
}

/** EUR first, then the other codes in order (BGN among them, never added to euros), a currency without code last. */
export function currencyOrder(a: string, b: string): number {
  const rank = (code: string) => (code === 'EUR' ? 0 : code === '' ? 2 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** Opening balances per currency: the documents before fromDate less their payments before fromDate. */
async function openings(executor: Executor, { clientId, fromDate, toDate }: StatementPeriod) {
  const rows = await queryRows<OpeningRow>(
    executor,
    sql`with docs as (${accountDocuments(clientId, toDate)})
      select currency, sum(amount)::text as amount from (
        select currency, total_amount as amount from docs where date < ${fromDate}::date
        union all
        select d.currency, -p.amount from billing_payments p join docs d on d.id = p.document_id
          where p.date < ${fromDate}::date
      ) o group by currency`,
  );
  return new Map(rows.map((row) => [row.currency, toCents(Number(row.amount))]));
}

/** The documents and payments dated in the period, in the statement's order. */
function entries(executor: Executor, { clientId, fromDate, toDate }: StatementPeriod) {
  return queryRows<EntryRow>(
    executor,
    sql`with docs as (${accountDocuments(clientId, toDate)})
      select * from (
        select d.currency, d.date::text as date, false as payment, d.id as document_id, d.number, d.notice_type,
          d.payment_deadline_date::text as deadline, o.number as reference, d.total_amount::text as amount,
          d.created, d.id as tie
        from docs d left join billing_documents o on o.id = d.credit_to_invoice_id
        where d.date >= ${fromDate}::date
        union all
        select d.currency, p.date::text, true, d.id, d.number, d.notice_type, null, null, p.amount::text, p.created, p.id
        from billing_payments p join docs d on d.id = p.document_id
        where p.date between ${fromDate}::date and ${toDate}::date
      ) e
      order by currency, date, payment, number, created, tie`,
  );
}

const kindOf = (row: EntryRow): StatementEntryKind =>
  row.payment ? 'payment' : row.notice_type === 1 ? 'credit' : row.notice_type === 2 ? 'debit' : 'invoice';

/** One currency's lines with the running balance (in cents, to money at the end). */
function currencyPart(currency: string, openingCents: number, rows: EntryRow[]): StatementCurrency {
  let balance = openingCents;
  let debit = 0;
  let credit = 0;
  const lines: StatementEntry[] = rows.map((row) => {
    // A document adds its total; a payment takes its amount off (a refund, negative, adds).
    const change = row.payment ? -toCents(Number(row.amount)) : toCents(Number(row.amount));
    balance += change;
    if (change >= 0) debit += change;
    else credit -= change;
    return {
      date: row.date,
      kind: kindOf(row),
      documentId: row.document_id,
      number: row.number,
      // A payment belongs to the document it pays; a notice names the invoice it changes.
      reference: row.payment ? row.number : row.reference,
      deadline: row.notice_type === 1 ? null : row.deadline,
      debit: fromCents(Math.max(change, 0)),
      credit: fromCents(Math.max(-change, 0)),
      balance: fromCents(balance),
    };
  });
  return {
    currency,
    opening: fromCents(openingCents),
    entries: lines,
    debit: fromCents(debit),
    credit: fromCents(credit),
    closing: fromCents(balance),
  };
}

const joinText = (parts: Array<string | null | undefined>, separator = ', ') =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);

function addressText(
  address: {
    street?: LocalizedText | null;
    city?: LocalizedText | null;
    country?: LocalizedText | null;
    zipCode?: string | null;
  },
  lang: Locale,
): string {
  const pick = (value: LocalizedText | null | undefined) => value?.[lang]?.trim() || value?.bg?.trim() || '';
  return joinText([pick(address.street), joinText([address.zipCode, pick(address.city)], ' '), pick(address.country)]);
}

const localizedAddress = (address: Parameters<typeof addressText>[0]): LocalizedText => ({
  bg: addressText(address, 'bg'),
  it: addressText(address, 'it'),
});

/** The client as the statement names it (its headquarters' address, else its first office's) and its language. */
async function clientParty(executor: Executor, clientId: string) {
  const [company] = await executor
    .select({
      name: companies.name,
      bulstat: companies.bulstat,
      vatNumber: companies.vatNumber,
      responsiblePerson: companies.responsiblePerson,
      notificationsEmails: companies.notificationsEmails,
    })
    .from(companies)
    .where(eq(companies.id, clientId));
  const [office] = await executor
    .select()
    .from(offices)
    .where(eq(offices.companyId, clientId))
    .orderBy(desc(offices.isHeadquarters), asc(offices.created), asc(offices.id))
    .limit(1);
  const party: StatementParty = {
    name: company.name,
    bulstat: company.bulstat,
    vatNumber: company.vatNumber,
    address: office ? localizedAddress(office) : { bg: '', it: '' },
  };
  const language = defaultMailLanguage({
    vatNumber: company.vatNumber,
    country: office?.country ?? null,
    countryCode: office?.countryCode ?? null,
  });
  return { party, language, responsiblePerson: company.responsiblePerson, emails: company.notificationsEmails };
}

async function providerParty(executor: Executor): Promise<StatementParty | null> {
  const [own] = await executor.select().from(myCompany).limit(1);
  if (!own) return null;
  return { name: own.name, bulstat: own.bulstat, vatNumber: own.vatNumber, address: localizedAddress(own.address) };
}

const sofiaToday = async (executor: Executor) =>
  (
    await queryRows<{ today: string }>(executor, sql`select ((now() at time zone 'Europe/Sofia')::date)::text as today`)
  )[0].today;

/** What a statement needs beyond its data: the client's default language, contact and notification e-mails. */
export interface StatementOfClient {
  statement: Statement;
  language: Locale;
  contact: LocalizedText;
  emails: string[];
}

/**
 * The statement of a client the actor may see (404 `the_client_was_not_found` otherwise: staff see every client, a
 * client user their own active companies). Per currency with an opening balance or a line in the period.
 */
export async function statementOf(
  executor: Executor,
  actor: Pick<Actor, 'id' | 'access'>,
  period: StatementPeriod,
): Promise<StatementOfClient> {
  await assertClientVisible(executor, actor, period.clientId);
  const [client, provider, opening, rows, today] = await Promise.all([
    clientParty(executor, period.clientId),
    providerParty(executor),
    openings(executor, period),
    entries(executor, period),
    sofiaToday(executor),
  ]);
  const byCurrency = new Map<string, EntryRow[]>();
  for (const row of rows) {
    const list = byCurrency.get(row.currency);
    if (list) list.push(row);
    else byCurrency.set(row.currency, [row]);
  }
  const codes = new Set([
    ...byCurrency.keys(),
    ...[...opening].filter(([, cents]) => cents !== 0).map(([code]) => code),
  ]);
  const currencies = [...codes]
    .sort(currencyOrder)
    .map((code) => currencyPart(code, opening.get(code) ?? 0, byCurrency.get(code) ?? []));
  return {
    statement: {
      clientId: period.clientId,
      client: client.party,
      provider,
      fromDate: period.fromDate,
      toDate: period.toDate,
      today,
      currencies,
    },
    language: client.language,
    contact: client.responsiblePerson,
    emails: client.emails,
  };
}
