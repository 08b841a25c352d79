import { randomUUID } from 'node:crypto';
import { Access, billingTotals, formatDocumentNumber, NoticeType, type PartySnapshot } from '@kantora/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/sql-helpers.ts';
import { banks, billingDocuments, billingItems, companies, contracts, currencies, invoiceSettings, myCompany, offices, users, vatTypes } from '../db/schema/index.ts';
import { signerOf } from '../modules/billing/billing-header.ts';
import { buildParties } from '../modules/contracts/snapshots.ts';

const BATCH = 1000;
const YEARS = 5;
const DAY_MS = 86_400_000;
const EURO_DAY = '2026-01-01';
const empty = { bg: '', it: '' };
/** The id of the preset's first document: a second run adds nothing when it is there. */
const MARKER_ID = '00000000-0000-4000-8000-0000000b1111';
/** Rows per document, cycling: 5 on average, so 200 000 documents carry 1 000 000 rows. */
const ROWS = [3, 5, 7, 5, 5];

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
 * and 5 rows on average (1 000 000 in all). Totals come from the domain's arithmetic. Batched inserts of 1 000
 * documents, no Log rows (a seed is nobody's change); the registers continue after the last number.
 * Answers how many documents it added (0 when the preset is already there or nothing to bill).
 */
export async function seedLargeBilling(db: Db, count = 200_000): Promise<number> {
  const [existing] = await db.select({ id: billingDocuments.id }).from(billingDocuments).where(eq(billingDocuments.id, MARKER_ID));
  if (existing) return 0;
  const contractRows = await db.select({ id: contracts.id, customerId: contracts.customerId }).from(contracts).where(sql`${contracts.customerId} is not null`).orderBy(asc(contracts.created), asc(contracts.id));
  const clientRows = await db
    .select({ id: companies.id, name: companies.name, bulstat: companies.bulstat, vatNumber: companies.vatNumber, responsiblePerson: companies.responsiblePerson, country: offices.country, city: offices.city, zipCode: offices.zipCode, street: offices.street })
    .from(companies)
    .leftJoin(offices, and(eq(offices.companyId, companies.id), eq(offices.isHeadquarters, true)));
  const [settings] = await db.select().from(invoiceSettings).limit(1);
  const currencyRows = await db.select({ id: currencies.id, code: currencies.code, rate: currencies.exchangeRate }).from(currencies);
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
  const ownBanks = own ? await db.select().from(banks).where(and(eq(banks.ownerType, 'my_company'), eq(banks.ownerId, own.id))) : [];
  const providerChoice = { providerBank: ownBanks.find((b) => b.isDefault)?.id ?? null, providerBank2: ownBanks.find((b) => b.isDefault2)?.id ?? null, customerId: null, customerBank: null };
  const { parties } = await buildParties(db, providerChoice, providerChoice);
  const signerName = (await signerOf(db, settings.signerId)) ?? null;
  const customers = new Map<string, PartySnapshot>(
    clientRows.map((client) => [
      client.id,
      {
        name: client.name,
        address: { country: client.country ?? empty, city: client.city ?? empty, zipCode: client.zipCode ?? '', street: client.street ?? empty },
        bank: null,
        responsiblePerson: client.responsiblePerson,
        bulstat: client.bulstat,
        vatNumber: client.vatNumber,
      },
    ]),
  );
  const people = managers.map((user) => ({ id: user.id, fullName: { bg: `${user.firstName.bg} ${user.lastName.bg}`, it: `${user.firstName.it} ${user.lastName.it}` } }));
  const registers = await queryRows<{ kind: string; next: string | number }>(db, sql`select kind, next from number_registers`);
  const next = { invoice: Number(registers.find((r) => r.kind === 'invoice')?.next ?? 1), proforma: Number(registers.find((r) => r.kind === 'proforma')?.next ?? 1) };
  const now = Date.now();
  const span = YEARS * 365 * DAY_MS;
  /** The last issued plain invoice: a credit notice credits it (same customer, a small amount). */
  let lastInvoice: { id: string; customerId: string; contractId: string } | null = null;

  let inserted = 0;
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const documents: Array<typeof billingDocuments.$inferInsert> = [];
    const items: Array<typeof billingItems.$inferInsert> = [];
    for (let k = 0; k < size; k += 1) {
      const i = start + k;
      const draw = (salt: number) => (Math.imul(i + 1, 2654435761) ^ Math.imul(salt, 40503)) >>> 0;
      // Oldest first, so the numbers follow the dates.
      const created = now - span + Math.floor((i / count) * span) + (draw(1) % 3_600_000);
      const date = isoDay(created);
      const kind = i % 20 < 3 ? 'proforma' : 'invoice';
      const issued = draw(2) % 100 >= 10;
      const credit: boolean = kind === 'invoice' && lastInvoice !== null && draw(3) % 100 < 3;
      const contract: { id: string; customerId: string | null } = credit && lastInvoice ? { id: lastInvoice.contractId, customerId: lastInvoice.customerId } : contractRows[draw(4) % contractRows.length];
      const euro = date >= EURO_DAY || draw(5) % 100 < 20;
      const currency = euro ? eur : bgn;
      const charged = draw(6) % 100 < 85;
      const person = people[draw(7) % people.length];
      const rows = Array.from({ length: ROWS[i % ROWS.length] }, (_, n) => {
        const [bg, it] = ROW_NAMES[(draw(8) + n) % ROW_NAMES.length];
        return { name: { bg, it }, price: credit ? (1 + (draw(9 + n) % 10)) / 100 : 10 + (draw(9 + n) % 200_000) / 100, quantity: 1 + (draw(20 + n) % 3) };
      });
      const totals = billingTotals({ items: rows, VATCharging: charged, VATPercentage: Number(standard.percentage), noticeType: credit ? NoticeType.credit : NoticeType.invoice });
      const id = i === 0 ? MARKER_ID : randomUUID();
      const number = issued ? formatDocumentNumber(next[kind]++) : null;
      const paidRoll = draw(30) % 100;
      const paidAmount = issued && kind === 'invoice' && !credit ? (paidRoll < 60 ? totals.totalAmount : paidRoll < 75 ? Math.round(totals.totalAmount * 50) / 100 : 0) : 0;
      documents.push({
        id,
        kind,
        number,
        date,
        taxDate: kind === 'invoice' ? date : null,
        paymentDeadlineDate: isoDay(created + 14 * DAY_MS),
        paymentTypeId: settings.paymentTypeId,
        signerId: settings.signerId,
        signerName,
        vatCharging: charged,
        vatTypeId: charged || !exempt ? standard.id : exempt.id,
        vatName: charged || !exempt ? standard.name : exempt.exemptionReason,
        vatPercentage: charged ? Number(standard.percentage) : 0,
        noticeType: credit ? NoticeType.credit : NoticeType.invoice,
        creditToInvoiceId: credit ? lastInvoice!.id : null,
        currencyId: currency.id,
        currencyRate: Number(currency.rate),
        isPaid: paidAmount === 0 ? 0 : paidAmount === totals.totalAmount ? 1 : 2,
        paidAmount,
        issued,
        amount: totals.amount,
        vatAmount: totals.VATAmount,
        totalAmount: totals.totalAmount,
        ...parties,
        providerBankId: providerChoice.providerBank,
        providerBank2Id: providerChoice.providerBank2,
        customerId: contract.customerId,
        customer: customers.get(contract.customerId!) ?? null,
        contractId: contract.id,
        showBgInvoice: euro,
        created: new Date(created).toISOString(),
        createdBy: person.id,
        createdByName: person.fullName,
        issuedBy: issued ? person.id : null,
        issuedByName: issued ? person.fullName : null,
        issuedOn: issued ? new Date(created + 3_600_000).toISOString() : null,
      });
      rows.forEach((row, n) => items.push({ documentId: id, position: n + 1, name: row.name, quantity: row.quantity, price: row.price, total: totals.lineTotals[n], contractId: contract.id, created: new Date(created).toISOString(), createdBy: person.id }));
      // One credit notice per invoice at most (its rows are cents: far below the invoice).
      if (credit) lastInvoice = null;
      else if (kind === 'invoice' && issued) lastInvoice = { id, customerId: contract.customerId!, contractId: contract.id };
    }
    await db.transaction(async (tx) => {
      await tx.insert(billingDocuments).values(documents);
      await tx.insert(billingItems).values(items);
    });
    inserted += size;
  }
  for (const kind of ['invoice', 'proforma'] as const) {
    await db.execute(sql`update number_registers set next = ${next[kind]}, max_issued = ${next[kind] - 1}, updated = now() where kind = ${kind} and next < ${next[kind]}`);
  }
  await db.execute(sql`analyze billing_documents`);
  await db.execute(sql`analyze billing_items`);
  return inserted;
}
