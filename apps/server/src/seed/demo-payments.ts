import { type BillingKind, toCents } from '@kantora/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  billingDocuments,
  billingItems,
  billingPayments,
  invoiceSettings,
  paymentTypes,
  users,
} from '../db/schema/index.ts';
import { refreshPaidState } from '../modules/billing/index.ts';
import { writeLog } from '../modules/logs/index.ts';

/** A payment: its date, its amount (`rest`: what is left of the total) and a note. */
type DemoPayment = [date: string, amount: number | 'rest', notes: string];

interface DemoPaid {
  kind: BillingKind;
  /** The document, by its customer's Bulgarian name and its date (seed/demo-billing.ts). */
  client: string;
  date: string;
  payments: DemoPayment[];
  /** Proforma rows (by index) marked paid. */
  paidRows?: number[];
}

/**
 * Payments of the demo's issued documents: paid (Родопа Мед's January and February, Алфа Трейд's January, Верди
 * Храни's proforma), partly paid (Алфа Трейд's February, Бета Строй's invoice, Роси's proforma with its first row
 * paid), a refund of the whole credit notice; the rest stay unpaid (Родопа Мед's March, the debit notice, Роси's
 * invoice).
 */
const DEMO_PAID: DemoPaid[] = [
  {
    kind: 'invoice',
    client: 'Родопа Мед ЕООД',
    date: '2025-01-31',
    payments: [['2025-02-10', 'rest', 'Банков превод']],
  },
  {
    kind: 'invoice',
    client: 'Родопа Мед ЕООД',
    date: '2025-02-28',
    payments: [
      ['2025-03-05', 500, 'Първа вноска'],
      ['2025-03-20', 'rest', 'Остатък'],
    ],
  },
  {
    kind: 'invoice',
    client: 'Бета Строй ЕАД',
    date: '2026-01-20',
    payments: [['2026-02-02', 972, 'Половината по договореност']],
  },
  {
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    date: '2026-01-31',
    payments: [['2026-02-12', 'rest', 'Банков превод']],
  },
  {
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    date: '2026-02-10',
    payments: [['2026-02-13', 'rest', 'Възстановена отстъпка']],
  },
  {
    kind: 'invoice',
    client: 'Алфа Трейд ООД',
    date: '2026-02-28',
    payments: [['2026-03-09', 400, 'Частично плащане']],
  },
  {
    kind: 'proforma',
    client: 'Роси Кострузиони ООД',
    date: '2026-03-01',
    payments: [['2026-03-10', 7200, 'Аванс за счетоводно обслужване']],
    paidRows: [0],
  },
  {
    kind: 'proforma',
    client: 'Верди Храни ООД',
    date: '2026-05-01',
    payments: [['2026-05-08', 'rest', 'Банков превод']],
    paidRows: [0],
  },
];

/** The demo payments (see DEMO_PAID), each logged like a save, and the documents' paid state. */
export async function seedDemoPayments(tx: Tx): Promise<void> {
  const [manager] = await tx.select().from(users).where(eq(users.email, 'manager@kantora.local'));
  const [settings] = await tx.select({ paymentTypeId: invoiceSettings.paymentTypeId }).from(invoiceSettings).limit(1);
  const [firstType] = await tx
    .select({ id: paymentTypes.id })
    .from(paymentTypes)
    .orderBy(asc(paymentTypes.created))
    .limit(1);
  const typeId = settings?.paymentTypeId ?? firstType?.id;
  if (!manager || !typeId) return;
  const actor = {
    id: manager.id,
    fullName: {
      bg: `${manager.firstName.bg} ${manager.lastName.bg}`,
      it: `${manager.firstName.it} ${manager.lastName.it}`,
    },
  };
  for (const demo of DEMO_PAID) {
    const [doc] = await tx
      .select({ id: billingDocuments.id, totalAmount: billingDocuments.totalAmount })
      .from(billingDocuments)
      .where(
        and(
          eq(billingDocuments.kind, demo.kind),
          eq(billingDocuments.issued, true),
          eq(billingDocuments.date, demo.date),
          sql`${billingDocuments.customer}->'name'->>'bg' = ${demo.client}`,
        ),
      )
      .limit(1);
    if (!doc) continue;
    let paid = 0;
    for (const [date, amount, notes] of demo.payments) {
      const cents = amount === 'rest' ? toCents(Number(doc.totalAmount)) - paid : toCents(amount);
      paid += cents;
      const [payment] = await tx
        .insert(billingPayments)
        .values({
          documentId: doc.id,
          amount: cents / 100,
          date,
          paymentTypeId: typeId,
          notes,
          created: `${date}T09:00:00Z`,
          createdBy: manager.id,
          createdByName: actor.fullName,
        })
        .returning();
      await writeLog(tx, {
        name: demo.kind === 'invoice' ? 'InvoicePayment' : 'ProformaInvoicePayment',
        doc: payment.id,
        model: 'billing_payments',
        type: 'create',
        action: 'seed',
        new: payment,
        actor,
      });
    }
    await refreshPaidState(tx, doc);
    if (demo.paidRows) {
      const rows = await tx
        .select({ id: billingItems.id })
        .from(billingItems)
        .where(eq(billingItems.documentId, doc.id))
        .orderBy(asc(billingItems.position), asc(billingItems.id));
      for (const index of demo.paidRows)
        if (rows[index]) await tx.update(billingItems).set({ isPaid: true }).where(eq(billingItems.id, rows[index].id));
    }
  }
}
