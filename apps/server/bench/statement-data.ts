/**
 * The statement of account's bench data: the large preset spreads its invoices thin (about ten a client) and records
 * no payment rows, so the bench adds one client of its own with 1 000 issued invoices over the last five years (copies
 * of seeded invoices with their rows, numbered 99xxxxxxxx) and a payment for each one the seed marked paid or partly
 * paid. Added once: a scratch database given with --database-url keeps them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/sql-helpers.ts';

const BULSTAT = '999999991';
export const STATEMENT_DOCUMENTS = 1_000;

export interface StatementFixtures {
  client: string;
  /** The last 12 months (the usual statement) and the whole five years (every document and payment). */
  yearFrom: string;
  allFrom: string;
  toDate: string;
}

const dayOf = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

export async function statementFixtures(db: Db): Promise<StatementFixtures> {
  await db.execute(sql`insert into companies (name, bulstat, vat_number)
    select '{"bg": "Извлечение Бенч ООД", "it": "Estratto Bench Srl"}'::jsonb, ${BULSTAT}, ${`BG${BULSTAT}`}
    where not exists (select 1 from companies where lower(bulstat) = ${BULSTAT})`);
  const [{ id: client }] = await queryRows<{ id: string }>(
    db,
    sql`select id from companies where lower(bulstat) = ${BULSTAT}`,
  );
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select cast(count(*) as integer) as n from billing_documents where customer_id = ${client}::uuid and kind = 'invoice' and issued`,
  );
  if (n < STATEMENT_DOCUMENTS) {
    // Document i (1..1000) copies the seeded issued invoice number ((i − 1) mod count) + 1, dated 5 years back to today.
    await db.execute(sql`
      with src as (
        select id, row_number() over (order by id) as k, count(*) over () as total from (
          select id from billing_documents where kind = 'invoice' and issued and notice_type = 0
            and customer_id is distinct from ${client}::uuid order by id limit ${STATEMENT_DOCUMENTS}) s
      ), plan as (
        select gen_random_uuid() as new_id, src.id as src_id, i,
          (current_date - ((${STATEMENT_DOCUMENTS} - i) * 1825 / ${STATEMENT_DOCUMENTS})) as day
        from generate_series(1, ${STATEMENT_DOCUMENTS}) i join src on src.k = ((i - 1) % src.total) + 1
      ), docs as (
        insert into billing_documents
        select (jsonb_populate_record(null::billing_documents, to_jsonb(d) || jsonb_build_object(
          'id', p.new_id, 'number', '99' || lpad(p.i::text, 8, '0'), 'date', p.day, 'tax_date', p.day,
          'payment_deadline_date', p.day + 14, 'customer_id', ${client}::uuid, 'contract_id', null, 'period_from', null,
          'period_to', null, 'transformed_from_proforma_id', null, 'transformed_to_invoice_id', null,
          'credit_to_invoice_id', null, 'created', now()))).*
        from plan p join billing_documents d on d.id = p.src_id
        returning id, date, paid_amount
      ), rows as (
        insert into billing_items (document_id, position, name, quantity, price, total)
        select p.new_id, i.position, i.name, i.quantity, i.price, i.total
        from plan p join billing_items i on i.document_id = p.src_id
      )
      insert into billing_payments (document_id, amount, date, payment_type_id)
      select docs.id, docs.paid_amount, least(docs.date + 10, current_date),
        (select id from payment_types order by created, id limit 1)
      from docs where docs.paid_amount > 0`);
    await db.execute(sql`analyze billing_documents`);
    await db.execute(sql`analyze billing_payments`);
  }
  return { client, yearFrom: dayOf(365), allFrom: dayOf(1830), toDate: dayOf(0) };
}
