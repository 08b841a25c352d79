import { effectiveCurrencyCode, FIXED_RATES } from '@kantora/domain';
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';
import { appMeta, currencies, paymentTypes, vatTypes } from '../db/schema/index.ts';
import { lockName } from '../db/sql-helpers.ts';
import { writeLog } from '../modules/logs/index.ts';

const t = (bg: string, it: string) => ({ bg, it });

/** The app_meta key that remembers the reference data was seeded on this database (once, whatever happens later). */
export const REFERENCE_MARKER = 'reference_seeded';

/** Inserts rows and writes their Log rows, like any other mutation. */
export async function insertLogged<T extends PgTable>(
  tx: Tx,
  table: T,
  entity: string,
  values: T['$inferInsert'][],
): Promise<Array<T['$inferSelect']>> {
  if (values.length === 0) return [];
  const rows = (await tx
    .insert(table)
    .values(values as never)
    .returning()) as Array<T['$inferSelect'] & { id: string }>;
  for (const row of rows)
    await writeLog(tx, {
      name: entity,
      doc: row.id,
      model: getTableName(table),
      type: 'create',
      action: 'seed',
      new: row,
    });
  return rows;
}

/** The leva and the euro at the fixed rate (BGN per unit). */
export const REFERENCE_CURRENCIES = [
  { name: t('Български лев', 'Lev bulgaro'), code: 'BGN', exchangeRate: FIXED_RATES.BGN },
  { name: t('Евро', 'Euro'), code: 'EUR', exchangeRate: FIXED_RATES.EUR },
] as const;

/** The standard rate (the default of the invoice settings the demo makes). */
export const STANDARD_VAT_NAME = t('ДДС 20%', 'IVA 20%');
/** Services to a business outside Bulgaria: what the demo's foreign clients are invoiced with. */
export const PLACE_OF_SUPPLY_VAT_NAME = t(
  '0% — място на изпълнение извън страната',
  '0% — prestazione fuori dal territorio',
);

/**
 * The rates of the Bulgarian VAT Act (ЗДДС) and the usual grounds for not charging VAT, each with the
 * article an invoice must cite (art. 114(1)(12) ЗДДС). When VAT is not charged, a document stores and prints
 * the type's reason.
 */
export const REFERENCE_VAT_TYPES = [
  { name: STANDARD_VAT_NAME, percentage: 20, exemptionReason: t('', ''), category: 'S', exemptionCode: null },
  { name: t('ДДС 9%', 'IVA 9%'), percentage: 9, exemptionReason: t('', ''), category: 'S', exemptionCode: null },
  {
    name: PLACE_OF_SUPPLY_VAT_NAME,
    percentage: 0,
    category: 'O',
    exemptionCode: 'VATEX-EU-O',
    exemptionReason: t(
      'чл. 21, ал. 2 от ЗДДС — място на изпълнение извън страната',
      'art. 21, c. 2 della legge bulgara sull’IVA — prestazione fuori dal territorio',
    ),
  },
  {
    name: t('0% — обратно начисляване', '0% — inversione contabile'),
    percentage: 0,
    category: 'AE',
    exemptionCode: 'VATEX-EU-AE',
    exemptionReason: t(
      'Обратно начисляване — чл. 21, ал. 2 от ЗДДС; чл. 196 от Директива 2006/112/ЕО',
      'Inversione contabile — art. 21, c. 2 della legge bulgara sull’IVA; art. 196 della direttiva 2006/112/CE',
    ),
  },
  {
    name: t('0% — вътреобщностна доставка', '0% — cessione intracomunitaria'),
    percentage: 0,
    category: 'K',
    exemptionCode: 'VATEX-EU-IC',
    exemptionReason: t(
      'чл. 53, ал. 1 от ЗДДС — вътреобщностна доставка на стоки (чл. 138 от Директива 2006/112/ЕО)',
      'art. 53, c. 1 della legge bulgara sull’IVA — cessione intracomunitaria di beni (art. 138 della direttiva 2006/112/CE)',
    ),
  },
  {
    name: t('0% — износ', '0% — esportazione'),
    percentage: 0,
    category: 'G',
    exemptionCode: 'VATEX-EU-G',
    exemptionReason: t(
      'чл. 28 от ЗДДС — износ на стоки извън Европейския съюз (чл. 146 от Директива 2006/112/ЕО)',
      'art. 28 della legge bulgara sull’IVA — esportazione di beni fuori dall’Unione europea (art. 146 della direttiva 2006/112/CE)',
    ),
  },
  {
    name: t('0% — освободена финансова услуга', '0% — servizio finanziario esente'),
    percentage: 0,
    category: 'E',
    exemptionCode: 'VATEX-EU-135-1',
    exemptionReason: t(
      'чл. 46 от ЗДДС — освободена доставка на финансова услуга',
      'art. 46 della legge bulgara sull’IVA — servizio finanziario esente',
    ),
  },
  {
    name: t('0% — доставчик без регистрация по ЗДДС', '0% — fornitore non registrato IVA'),
    percentage: 0,
    category: 'O',
    exemptionCode: 'VATEX-EU-O',
    exemptionReason: t(
      'чл. 113, ал. 9 от ЗДДС — доставчикът не е регистриран по ЗДДС',
      'art. 113, c. 9 della legge bulgara sull’IVA — fornitore non registrato ai fini IVA',
    ),
  },
];

/** Bank transfer first: the demo's invoice defaults take it. */
export const TRANSFER_PAYMENT_NAME = t('Банков превод', 'Bonifico bancario');
export const REFERENCE_PAYMENT_TYPES = [
  { name: TRANSFER_PAYMENT_NAME },
  { name: t('В брой', 'Contanti') },
  { name: t('С карта', 'Carta') },
];

const isEmpty = async (tx: Tx, table: PgTable) => (await tx.select({ one: sql`1` }).from(table).limit(1)).length === 0;

/**
 * The reference data every Bulgarian installation bills with: BGN and EUR at the fixed rate, the VAT types and
 * the payment types. Runs in the caller's transaction and at most once per database: the app_meta marker is
 * inserted first (a second process starting at the same time waits on that row and then finds it), so what an
 * administrator deletes or renames later stays that way. A database that already had its own lists (one made
 * before this seed existed) keeps them: a currency is added only when no currency has its code, the VAT and
 * payment types only into an empty list. Answers whether it seeded now.
 */
export async function seedReferenceData(tx: Tx): Promise<boolean> {
  await lockName(tx, REFERENCE_MARKER);
  const marked = await tx
    .insert(appMeta)
    .values({ key: REFERENCE_MARKER, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (marked.length === 0) return false;

  const known = new Set(
    (await tx.select({ code: currencies.code, name: currencies.name }).from(currencies)).map((row) =>
      effectiveCurrencyCode(row.code, row.name),
    ),
  );
  for (const currency of REFERENCE_CURRENCIES) {
    if (known.has(currency.code)) continue;
    // The unique code backs the check above.
    const rows = await tx.insert(currencies).values(currency).onConflictDoNothing().returning();
    for (const row of rows)
      await writeLog(tx, {
        name: 'Currency',
        doc: row.id,
        model: 'currencies',
        type: 'create',
        action: 'seed',
        new: row,
      });
  }
  if (await isEmpty(tx, vatTypes)) await insertLogged(tx, vatTypes, 'VATType', REFERENCE_VAT_TYPES);
  if (await isEmpty(tx, paymentTypes)) await insertLogged(tx, paymentTypes, 'PaymentType', REFERENCE_PAYMENT_TYPES);
  return true;
}

/** `seedReferenceData` in a transaction of its own (the start sequence). */
export async function ensureReferenceData(db: Db): Promise<boolean> {
  return db.transaction((tx) => seedReferenceData(tx));
}
