import { randomUUID } from 'node:crypto';
import { Access, billingTotals, formatDocumentNumber, NoticeType } from '@kantora/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { arrayLiteral, queryRows } from '../db/sql-helpers.ts';
import {
  banks,
  billingDocuments,
  contracts,
  currencies,
  invoiceSettings,
  myCompany,
  users,
  vatTypes,
} from '../db/schema/index.ts';
import { signerOf, backfillBilledPeriods } from '../modules/billing/index.ts';
import { buildParties } from '../modules/contracts/index.ts';

const BATCH = 5000;
const YEARS = 5;
const DAY_MS = 86_400_000;
const EURO_DAY = '2026-01-01';
const empty = { bg: '', it: '' };
/** The id of the preset's first document: a second run adds nothing when it is there. */
const MARKER_ID = '00000000-0000-4000-8000-0000000b1111';
/** Rows per document, cycling: 5 on average, so 200 000 documents carry 1 000 000 rows. */
const ROWS = [3, 5, 7, 5, 5];
/** The newest documents, counted from the end: issued EUR invoices of 10 and 100 rows, which the bench prints. */
const PRINT_SAMPLES = new Map([
  [2, 10],
  [1, 100],
]);

const ROW_NAMES: Array<[string, string]> = [
  ['Счетоводно обслужване', 'Servizi di contabilità'],
  ['ТРЗ и личен състав', 'Paghe e personale'],
  ['Правна консултация (час)', 'Consulenza legale (ora)'],
  ['Годишна данъчна декларация', 'Dichiarazione fiscale annuale'],
  ['Регистрация на фирма', 'Costituzione di società'],
  ['Допълнителни услуги', 'Servizi aggiuntivi'],
];

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The "large" preset's invoices and proformas: `count` documents (200 000 by default: 85 % invoices with some credit
 * notices, 15 % proformas) of the large contracts' clients, created over the last five years (EUR from 2026, mostly
 * BGN before), 90 % issued with their register numbers in date order, paid states spread over the issued invoices,
 * and 5 rows on average (1 000 000 in all; the two newest are issued invoices of 10 and 100 rows). Totals come from the domain's arithmetic. Batches of 5 000
 * documents sent as arrays (one `insert … select from unnest(…)` each for documents and rows; the customer snapshots
 * built by the database from the contracts' clients), no Log rows (a seed is nobody's change); the registers continue
 * after the last number.
 * Answers how many documents it added (0 when the preset is already there or nothing to bill).
 */
export async function seedLargeBilling(db: Db, count = 200_000): Promise<number> {
  const [existing] = await db
    .select({ id: billingDocuments.id })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, MARKER_ID));
  if (existing) return 0;
  const contractRows = await db
    .select({ id: contracts.id, customerId: contracts.customerId })
    .from(contracts)
    .where(sql`${contracts.customerId} is not null`)
    .orderBy(asc(contracts.created), asc(contracts.id));
  const [settings] = await db.select().from(invoiceSettings).limit(1);
  const currencyRows = await db
    .select({ id: currencies.id, code: currencies.code, rate: currencies.exchangeRate })
    .from(currencies);
  const eur = currencyRows.find((row) => row.code === 'EUR');
  const bgn = currencyRows.find((row) => row.code === 'BGN') ?? eur;
  const [exempt] = await db.select().from(vatTypes).where(eq(vatTypes.percentage, 0)).limit(1);
  const [standard] = settings ? await db.select().from(vatTypes).where(eq(vatTypes.id, settings.vatTypeId)) : [];
  const managers = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.access, [Access.admin, Access.manager]))
    .orderBy(asc(users.email));
  if (contractRows.length === 0 || !settings || !eur || !bgn || !standard || managers.length === 0) return 0;

  const [own] = await db.select({ id: myCompany.id }).from(myCompany).limit(1);
  const ownBanks = own
    ? await db
        .select()
        .from(banks)
        .where(and(eq(banks.ownerType, 'my_company'), eq(banks.ownerId, own.id)))
    : [];
  const providerChoice = {
    providerBank: ownBanks.find((b) => b.isDefault)?.id ?? null,
    providerBank2: ownBanks.find((b) => b.isDefault2)?.id ?? null,
    customerId: null,
    customerBank: null,
  };
  const { parties } = await buildParties(db, providerChoice, providerChoice);
  const signerName = (await signerOf(db, settings.signerId)) ?? null;
  const people = managers.map((user) => ({
    id: user.id,
    fullName: { bg: `${user.firstName.bg} ${user.lastName.bg}`, it: `${user.firstName.it} ${user.lastName.it}` },
  }));
  const registers = await queryRows<{ kind: string; next: string | number }>(
    db,
    sql`select kind, next from number_registers`,
  );
  const next = {
    invoice: Number(registers.find((r) => r.kind === 'invoice')?.next ?? 1),
    proforma: Number(registers.find((r) => r.kind === 'proforma')?.next ?? 1),
  };
  const now = Date.now();
  const span = YEARS * 365 * DAY_MS;
  /** The last issued plain invoice: a credit notice credits it (its contract, so its customer; a small amount). */
  let lastInvoice: { id: string; contractId: string } | null = null;
  const vatTypeOff = exempt ?? standard;
  const emptyJson = JSON.stringify(empty);

  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const doc = {
      id: [] as string[],
      kind: [] as string[],
      number: [] as (string | null)[],
      date: [] as string[],
      charged: [] as string[],
      notice: [] as number[],
      creditTo: [] as (string | null)[],
      currency: [] as string[],
      rate: [] as number[],
      isPaid: [] as number[],
      paid: [] as number[],
      issued: [] as string[],
      amount: [] as number[],
      vat: [] as number[],
      total: [] as number[],
      contract: [] as string[],
      euro: [] as string[],
      created: [] as string[],
      person: [] as number[],
    };
    const item = {
      document: [] as string[],
      position: [] as number[],
      name: [] as number[],
      quantity: [] as number[],
      price: [] as number[],
      total: [] as number[],
      contract: [] as string[],
      created: [] as string[],
      person: [] as number[],
    };
    for (let k = 0; k < size; k += 1) {
      const i = start + k;
      const draw = (salt: number) => (Math.imul(i + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
      // Oldest first, so the numbers follow the dates.
      const created = now - span + Math.floor((i / count) * span) + (draw(1) % 3_600_000);
      const sample = PRINT_SAMPLES.get(count - i);
      const kind = !sample && i % 20 < 3 ? 'proforma' : 'invoice';
      const issued = sample !== undefined || draw(2) % 100 >= 10;
      const credit: boolean = !sample && kind === 'invoice' && lastInvoice !== null && draw(3) % 100 < 3;
      const contract: { id: string } =
        credit && lastInvoice ? { id: lastInvoice.contractId } : contractRows[draw(4) % contractRows.length];
      const date = isoDay(created);
      const euro = date >= EURO_DAY || draw(5) % 100 < 20;
      const charged = draw(6) % 100 < 85;
      const rows = Array.from({ length: sample ?? ROWS[i % ROWS.length] }, (_, n) => ({
        name: (draw(8) + n) % ROW_NAMES.length,
        price: credit ? (1 + (draw(9 + n) % 10)) / 100 : 10 + (draw(9 + n) % 200_000) / 100,
        quantity: 1 + (draw(20 + n) % 3),
      }));
      const totals = billingTotals({
        items: rows,
        VATCharging: charged,
        VATPercentage: Number(standard.percentage),
        noticeType: credit ? NoticeType.credit : NoticeType.invoice,
      });
      const id = i === 0 ? MARKER_ID : randomUUID();
      const paidRoll = draw(30) % 100;
      const paid =
        issued && kind === 'invoice' && !credit
          ? paidRoll < 60
            ? totals.totalAmount
            : paidRoll < 75
              ? Math.round(totals.totalAmount * 50) / 100
              : 0
          : 0;
      const person = draw(7) % people.length;
      const stamp = new Date(created).toISOString();
      doc.id.push(id);
      doc.kind.push(kind);
      doc.number.push(issued ? formatDocumentNumber(next[kind]++) : null);
      doc.date.push(date);
      doc.charged.push(String(charged));
      doc.notice.push(credit ? NoticeType.credit : NoticeType.invoice);
      doc.creditTo.push(credit ? lastInvoice!.id : null);
      doc.currency.push(euro ? eur.id : bgn.id);
      doc.rate.push(Number(euro ? eur.rate : bgn.rate));
      doc.isPaid.push(paid === 0 ? 0 : paid === totals.totalAmount ? 1 : 2);
      doc.paid.push(paid);
      doc.issued.push(String(issued));
      doc.amount.push(totals.amount);
      doc.vat.push(totals.VATAmount);
      doc.total.push(totals.totalAmount);
      doc.contract.push(contract.id);
      doc.euro.push(String(euro));
      doc.created.push(stamp);
      doc.person.push(person + 1);
      rows.forEach((row, n) => {
        item.document.push(id);
        item.position.push(n + 1);
        item.name.push(row.name + 1);
        item.quantity.push(row.quantity);
        item.price.push(row.price);
        item.total.push(totals.lineTotals[n]);
        item.contract.push(contract.id);
        item.created.push(stamp);
        item.person.push(person + 1);
      });
      // One credit notice per invoice at most (its rows are cents: far below the invoice).
      if (credit) lastInvoice = null;
      else if (kind === 'invoice' && issued) lastInvoice = { id, contractId: contract.id };
    }
    const personIds = arrayLiteral(people.map((person) => person.id));
    const personNames = arrayLiteral(people.map((person) => JSON.stringify(person.fullName)));
    await db.transaction(async (tx) => {
      // The customer snapshot is built by the database from the contract's client and its headquarters (as buildParties does).
      await tx.execute(sql`
        insert into billing_documents (id, kind, number, date, tax_date, payment_deadline_date, payment_type_id, signer_id, signer_name, vat_charging, vat_type_id, vat_name,
          vat_percentage, notice_type, credit_to_invoice_id, currency_id, currency_rate, is_paid, paid_amount, issued, amount, vat_amount, total_amount, provider_id,
          provider_bank_id, provider_bank2_id, provider, customer_id, customer, contract_id, show_bg_invoice, created, created_by, created_by_name, issued_by, issued_by_name, issued_on)
        select r.id, r.kind, r.number, r.date, case when r.kind = 'invoice' then r.date end, case when r.notice = 1 then null else r.date + 14 end, ${settings.paymentTypeId}::uuid, ${settings.signerId}::uuid,
          ${JSON.stringify(signerName)}::jsonb, r.charged, case when r.charged then ${standard.id}::uuid else ${vatTypeOff.id}::uuid end,
          case when r.charged then ${JSON.stringify(standard.name)}::jsonb else ${JSON.stringify(vatTypeOff.name)}::jsonb end,
          case when r.charged then ${Number(standard.percentage)} else 0 end, r.notice, r.credit_to, r.currency, r.rate, r.is_paid, r.paid, r.issued, r.amount, r.vat, r.total,
          ${parties.providerId}::uuid, ${providerChoice.providerBank}::uuid, ${providerChoice.providerBank2}::uuid, ${JSON.stringify(parties.provider)}::jsonb,
          k.customer_id,
          jsonb_build_object('name', c.name, 'address', jsonb_build_object('country', coalesce(o.country, ${emptyJson}::jsonb), 'city', coalesce(o.city, ${emptyJson}::jsonb),
            'zipCode', coalesce(o.zip_code, ''), 'street', coalesce(o.street, ${emptyJson}::jsonb)), 'bank', null, 'responsiblePerson', c.responsible_person,
            'bulstat', c.bulstat, 'vatNumber', c.vat_number),
          r.contract, r.euro, r.created, (${personIds}::uuid[])[r.person], (${personNames}::jsonb[])[r.person],
          case when r.issued then (${personIds}::uuid[])[r.person] end, case when r.issued then (${personNames}::jsonb[])[r.person] end,
          case when r.issued then r.created + interval '1 hour' end
        from unnest(${arrayLiteral(doc.id)}::uuid[], ${arrayLiteral(doc.kind)}::text[], ${arrayLiteral(doc.number)}::text[], ${arrayLiteral(doc.date)}::date[],
          ${arrayLiteral(doc.charged)}::boolean[], ${arrayLiteral(doc.notice)}::smallint[], ${arrayLiteral(doc.creditTo)}::uuid[], ${arrayLiteral(doc.currency)}::uuid[],
          ${arrayLiteral(doc.rate)}::numeric[], ${arrayLiteral(doc.isPaid)}::smallint[], ${arrayLiteral(doc.paid)}::numeric[], ${arrayLiteral(doc.issued)}::boolean[],
          ${arrayLiteral(doc.amount)}::numeric[], ${arrayLiteral(doc.vat)}::numeric[], ${arrayLiteral(doc.total)}::numeric[], ${arrayLiteral(doc.contract)}::uuid[],
          ${arrayLiteral(doc.euro)}::boolean[], ${arrayLiteral(doc.created)}::timestamptz[], ${arrayLiteral(doc.person)}::int[])
          as r(id, kind, number, date, charged, notice, credit_to, currency, rate, is_paid, paid, issued, amount, vat, total, contract, euro, created, person)
        join contracts k on k.id = r.contract
        join companies c on c.id = k.customer_id
        left join lateral (select country, city, zip_code, street from offices where company_id = c.id order by is_headquarters desc, created, id limit 1) o on true`);
      await tx.execute(sql`
        insert into billing_items (document_id, position, name, quantity, price, total, contract_id, created, created_by)
        select r.d, r.p, (${arrayLiteral(ROW_NAMES.map(([bg, it]) => JSON.stringify({ bg, it })))}::jsonb[])[r.n], r.q, r.pr, r.t, r.k, r.c, (${personIds}::uuid[])[r.u]
        from unnest(${arrayLiteral(item.document)}::uuid[], ${arrayLiteral(item.position)}::int[], ${arrayLiteral(item.name)}::int[], ${arrayLiteral(item.quantity)}::numeric[],
          ${arrayLiteral(item.price)}::numeric[], ${arrayLiteral(item.total)}::numeric[], ${arrayLiteral(item.contract)}::uuid[], ${arrayLiteral(item.created)}::timestamptz[],
          ${arrayLiteral(item.person)}::int[]) as r(d, p, n, q, pr, t, k, c, u)`);
    });
    inserted += size;
  }
  for (const kind of ['invoice', 'proforma'] as const) {
    await db.execute(
      sql`update number_registers set next = ${next[kind]}, max_issued = ${next[kind] - 1}, updated = now() where kind = ${kind} and next < ${next[kind]}`,
    );
  }
  // The periods these documents bill, and where the run catches up (as migration 0020 gives documents made before it).
  await backfillBilledPeriods(db);
  await db.execute(sql`analyze billing_documents`);
  await db.execute(sql`analyze billing_items`);
  return inserted;
}
