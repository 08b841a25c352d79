import { type BillingKind, NoticeType, type NoticeTypeValue } from '@kantora/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  banks,
  billingDocuments,
  billingItems,
  companies,
  contracts,
  currencies,
  invoiceSettings,
  myCompany,
  users,
  vatTypes,
} from '../db/schema/index.ts';
import {
  appendItems,
  recalculate,
  takeNumber,
  signerOf,
  vatColumns,
  backfillBilledPeriods,
} from '../modules/billing/index.ts';
import { buildParties } from '../modules/contracts/index.ts';
import { writeLog } from '../modules/logs/index.ts';
import { PLACE_OF_SUPPLY_VAT_NAME } from './reference.ts';

const t = (bg: string, it: string) => ({ bg, it });

type Row = [bg: string, it: string, price: number, quantity: number];

interface DemoDocument {
  key: string;
  kind: BillingKind;
  client: string;
  /** The contract's Bulgarian name, when the document is of a contract. */
  contract?: string;
  currency: 'EUR' | 'BGN';
  date: string;
  issued: boolean;
  rows: Row[];
  /** VAT not charged (the 0 % type with its reason; reverse charge for the Italian clients). */
  exempt?: boolean;
  notice?: { type: NoticeTypeValue; of: string; reason: [string, string] };
  /** An invoice made from a proforma: the whole of it, or the rows at these indexes. */
  from?: { proforma: string; rows?: number[] };
  /** The contract period it bills, when its date is not in it (an invoice made after its period). */
  period?: [from: string, to: string];
}

const ACC: Row = ['Счетоводно обслужване', 'Servizi di contabilità', 450, 1];
const PAY: Row = ['ТРЗ и личен състав', 'Paghe e personale', 180, 1];

/**
 * Demo invoices and proformas, in date order (numbers follow it): BGN invoices of 2025 (Родопа Мед), EUR from 2026;
 * a credit and a debit notice; a proforma transformed whole into an invoice (Бета Строй) and one transformed by a row
 * (Роси, advance contract, reverse charge); issued and draft proformas; drafts of both kinds.
 */
const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    key: 'R1',
    kind: 'invoice',
    client: 'Родопа Мед ЕООД',
    contract: 'Счетоводно обслужване 2025',
    currency: 'BGN',
    date: '2025-01-31',
    issued: true,
    rows: [['Счетоводно обслужване', 'Servizi di contabilità', 700, 1], PAY],
  },
  {
    key: 'R2',
    kind: 'invoice',
    client: 'Родопа Мед ЕООД',
    contract: 'Счетоводно обслужване 2025',
    currency: 'BGN',
    date: '2025-02-28',
    issued: true,
    rows: [['Счетоводно обслужване', 'Servizi di contabilità', 700, 1], PAY],
  },
  {
    key: 'R3',
    kind: 'invoice',
    client: 'Родопа Мед ЕООД',
    contract: 'Счетоводно обслужване 2025',
    currency: 'BGN',
    date: '2025-03-31',
    issued: true,
    rows: [
      ['Счетоводно обслужване', 'Servizi di contabilità', 700, 1],
      PAY,
      ['Правна консултация (час)', 'Consulenza legale (ora)', 186.78, 1.5],
    ],
  },
  {
    key: 'P1',
    kind: 'proforma',
    client: 'Бета Строй ЕАД',
    contract: 'Абонаментно обслужване',
    currency: 'EUR',
    date: '2026-01-05',
    issued: true,
    rows: [['Абонаментно обслужване 01.01–31.03.2026', 'Servizio in abbonamento 01.01–31.03.2026', 540, 3]],
  },
  {
    key: 'B1',
    kind: 'invoice',
    client: 'Бета Строй ЕАД',
    contract: 'Абонаментно обслужване',
    currency: 'EUR',
    date: '2026-01-20',
    issued: true,
    rows: [],
    from: { proforma: 'P1' },
  },
  {
    key: 'A1',
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    contract: 'Счетоводно обслужване 2026',
    currency: 'EUR',
    date: '2026-01-31',
    issued: true,
    rows: [ACC, PAY],
  },
  {
    key: 'C1',
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    contract: 'Счетоводно обслужване 2026',
    currency: 'EUR',
    date: '2026-02-10',
    issued: true,
    rows: [['Търговска отстъпка за януари', 'Sconto commerciale di gennaio', 63, 1]],
    notice: { type: NoticeType.credit, of: 'A1', reason: ['Търговска отстъпка 10%', 'Sconto commerciale 10%'] },
  },
  {
    key: 'A2',
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    contract: 'Счетоводно обслужване 2026',
    currency: 'EUR',
    date: '2026-02-28',
    issued: true,
    rows: [ACC, PAY],
  },
  {
    key: 'RP',
    kind: 'proforma',
    client: 'Роси Кострузиони ООД',
    contract: 'Счетоводство и данъци',
    currency: 'EUR',
    date: '2026-03-01',
    issued: true,
    exempt: true,
    rows: [
      ['Счетоводно обслужване 03.2026–02.2027', 'Servizi di contabilità 03.2026–02.2027', 600, 12],
      ['Годишна данъчна декларация', 'Dichiarazione fiscale annuale', 120, 12],
    ],
  },
  {
    key: 'D1',
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    contract: 'Счетоводно обслужване 2026',
    currency: 'EUR',
    date: '2026-03-05',
    issued: true,
    rows: [['Допълнителни консултации (час)', 'Consulenze aggiuntive (ora)', 95.5, 2]],
    notice: {
      type: NoticeType.debit,
      of: 'A2',
      reason: ['Допълнителни часове през февруари', 'Ore aggiuntive di febbraio'],
    },
  },
  {
    key: 'RI',
    kind: 'invoice',
    client: 'Роси Кострузиони ООД',
    contract: 'Счетоводство и данъци',
    currency: 'EUR',
    date: '2026-03-15',
    issued: true,
    exempt: true,
    rows: [],
    from: { proforma: 'RP', rows: [0] },
  },
  {
    key: 'A3',
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    contract: 'Счетоводно обслужване 2026',
    currency: 'EUR',
    date: '2026-03-31',
    issued: false,
    rows: [ACC, PAY],
  },
  {
    key: 'V1',
    kind: 'proforma',
    client: 'Верди Храни ООД',
    contract: 'Счетоводно обслужване',
    currency: 'EUR',
    date: '2026-05-01',
    issued: true,
    exempt: true,
    rows: [['Счетоводно обслужване 05–07.2026', 'Servizi di contabilità 05–07.2026', 495, 3]],
  },
  {
    key: 'V2',
    kind: 'proforma',
    client: 'Верди Храни ООД',
    contract: 'Счетоводно обслужване',
    currency: 'EUR',
    date: '2026-08-01',
    issued: false,
    exempt: true,
    rows: [['Счетоводно обслужване 08–10.2026', 'Servizi di contabilità 08–10.2026', 495, 3]],
  },
  {
    key: 'BI',
    kind: 'invoice',
    client: 'Бианки Мода АД',
    contract: 'Счетоводно обслужване',
    currency: 'EUR',
    date: '2026-10-31',
    issued: false,
    exempt: true,
    period: ['2026-04-01', '2026-09-30'],
    rows: [['Счетоводно обслужване 04–09.2026', 'Servizi di contabilità 04–09.2026', 450, 6]],
  },
];

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo invoices and proformas (see DEMO_DOCUMENTS), each logged like a save, issued ones also like an issue; then
 * the periods they bill and where the run catches up, as migration 0020 gives documents made before it.
 */
export async function seedDemoBilling(tx: Tx): Promise<void> {
  const [own] = await tx.select({ id: myCompany.id }).from(myCompany).limit(1);
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@kantora.local'));
  const [settings] = await tx.select().from(invoiceSettings).limit(1);
  if (!own || !manager || !settings) return;
  const actor = {
    id: manager.id,
    fullName: t(`${manager.firstName.bg} ${manager.lastName.bg}`, `${manager.firstName.it} ${manager.lastName.it}`),
    access: manager.access,
    email: manager.email,
    locale: 'bg' as const,
  };
  const rates = new Map(
    (await tx.select({ id: currencies.id, code: currencies.code, rate: currencies.exchangeRate }).from(currencies)).map(
      (row) => [row.code, row],
    ),
  );
  // The foreign clients' services are supplied outside Bulgaria (art. 21(2) VAT Act): that reference type, else any 0 % one.
  const [exemptType] = await tx
    .select({ id: vatTypes.id })
    .from(vatTypes)
    .where(eq(vatTypes.percentage, 0))
    .orderBy(
      sql`(${vatTypes.name}->>'bg') = ${PLACE_OF_SUPPLY_VAT_NAME.bg} desc`,
      asc(vatTypes.created),
      asc(vatTypes.id),
    )
    .limit(1);
  const ownBanks = await tx
    .select()
    .from(banks)
    .where(and(eq(banks.ownerType, 'my_company'), eq(banks.ownerId, own.id)));
  const signerName = (await signerOf(tx, settings.signerId)) ?? null;
  const made = new Map<string, string>();

  for (const demo of DEMO_DOCUMENTS) {
    const [client] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.name}->>'bg' = ${demo.client}`);
    const currency = rates.get(demo.currency);
    if (!client || !currency) continue;
    const [contract] = demo.contract
      ? await tx
          .select({ id: contracts.id })
          .from(contracts)
          .where(and(eq(contracts.customerId, client.id), sql`${contracts.name}->>'bg' = ${demo.contract}`))
      : [];
    const [clientBank] = await tx
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.ownerType, 'company'), eq(banks.ownerId, client.id)))
      .limit(1);
    const choice = {
      providerBank: ownBanks.find((b) => b.isDefault)?.id ?? null,
      providerBank2: ownBanks.find((b) => b.isDefault2)?.id ?? null,
      customerId: client.id,
      customerBank: clientBank?.id ?? null,
    };
    const { parties } = await buildParties(tx, choice, choice);
    const vatTypeId = demo.exempt && exemptType ? exemptType.id : settings.vatTypeId;
    const vat = await vatColumns(tx, vatTypeId, !demo.exempt);
    const proformaId = demo.from ? made.get(demo.from.proforma) : undefined;
    const [row] = await tx
      .insert(billingDocuments)
      .values({
        kind: demo.kind,
        date: demo.date,
        taxDate: demo.kind === 'invoice' ? demo.date : null,
        // The demo's term is 14 days (its invoice defaults); a credit notice has no payment deadline.
        paymentDeadlineDate: demo.notice?.type === NoticeType.credit ? null : addDays(demo.date, 14),
        paymentTypeId: settings.paymentTypeId,
        signerId: settings.signerId,
        signerName,
        vatCharging: !demo.exempt,
        vatTypeId,
        vatName: vat.vatName,
        vatPercentage: vat.vatPercentage,
        vatCategory: vat.vatCategory,
        vatExemptionCode: vat.vatExemptionCode,
        noticeType: demo.notice?.type ?? NoticeType.invoice,
        creditToInvoiceId: demo.notice ? made.get(demo.notice.of) : null,
        noticeReason: demo.notice ? t(...demo.notice.reason) : t('', ''),
        currencyId: currency.id,
        currencyRate: Number(currency.rate),
        providerId: parties.providerId,
        providerBankId: choice.providerBank,
        providerBank2Id: choice.providerBank2,
        provider: parties.provider,
        customerId: client.id,
        customerBankId: choice.customerBank,
        customer: parties.customer,
        contractId: contract?.id ?? null,
        periodFrom: contract && demo.period ? demo.period[0] : null,
        periodTo: contract && demo.period ? demo.period[1] : null,
        showBgInvoice: demo.currency !== 'BGN',
        transformedFromProformaId: proformaId ?? null,
        created: `${demo.date}T09:00:00Z`,
        createdBy: manager.id,
        createdByName: actor.fullName,
      })
      .returning();
    made.set(demo.key, row.id);

    if (proformaId) {
      // Copies of the proforma's rows (all, or the chosen ones), which are marked transformed into this invoice.
      const source = await tx
        .select()
        .from(billingItems)
        .where(eq(billingItems.documentId, proformaId))
        .orderBy(asc(billingItems.position));
      const chosen = demo.from?.rows ? source.filter((_, index) => demo.from?.rows?.includes(index)) : source;
      await appendItems(
        tx,
        actor,
        row.id,
        chosen.map((item) => ({
          name: item.name,
          comment: item.comment,
          quantity: Number(item.quantity),
          price: Number(item.price),
          serviceId: item.serviceId,
          contractId: item.contractId,
          transformedFromProformaId: proformaId,
          transformedFromItemId: item.id,
        })),
      );
      for (const item of chosen)
        await tx
          .update(billingItems)
          .set({ isTransformed: true, transformedToInvoiceId: row.id })
          .where(eq(billingItems.id, item.id));
      if (!demo.from?.rows)
        await tx
          .update(billingDocuments)
          .set({ transformedToInvoiceId: row.id })
          .where(eq(billingDocuments.id, proformaId));
    } else {
      await appendItems(
        tx,
        actor,
        row.id,
        demo.rows.map(([bg, it, price, quantity]) => ({
          name: t(bg, it),
          quantity,
          price,
          contractId: contract?.id ?? null,
        })),
      );
    }
    await recalculate(tx, row);
    await writeLog(tx, {
      name: demo.kind === 'invoice' ? 'Invoice' : 'ProformaInvoice',
      doc: row.id,
      model: 'billing_documents',
      type: 'create',
      action: 'seed',
      new: row,
      actor,
    });
    if (demo.issued) {
      const number = await takeNumber(tx, demo.kind);
      const [issued] = await tx
        .update(billingDocuments)
        .set({
          issued: true,
          number,
          issuedBy: manager.id,
          issuedByName: actor.fullName,
          issuedOn: `${demo.date}T10:00:00Z`,
        })
        .where(eq(billingDocuments.id, row.id))
        .returning();
      await writeLog(tx, {
        name: demo.kind === 'invoice' ? 'Invoice' : 'ProformaInvoice',
        doc: row.id,
        model: 'billing_documents',
        type: 'update',
        action: 'issue',
        new: issued,
        actor,
      });
    }
  }
  await backfillBilledPeriods(tx);
}
