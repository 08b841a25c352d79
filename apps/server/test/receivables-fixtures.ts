/**
 * The receivables' fixed data set (test/receivables.test.ts): issued invoices of three clients in EUR, USD and BGN
 * with deadlines relative to today (Europe/Sofia), partial payments, credit and debit notices, a refunded credit,
 * a fully paid and a fully credited invoice, a draft and a proforma (never receivables). Amounts: a row of net N is
 * a total of 1.2 × N (the default 20 % VAT); payments are dated today.
 */
import { sofiaDay } from '@kantora/domain';
import {
  addItem,
  type BillingSetup,
  createDraft,
  createNotice,
  issue,
  savedPayment,
  setUpBilling,
} from './billing-fixtures.ts';
import { createClient, t } from './clients-fixtures.ts';

/** Today (Europe/Sofia) plus days, YYYY-MM-DD. */
export const dayFromToday = (days: number) => sofiaDay(new Date(Date.now() + days * 86_400_000));

export interface ReceivablesSetup extends BillingSetup {
  /** The clients: A (s.visible), B (s.hidden) and C (no notices nor reminders, BGN). */
  clientA: string;
  clientB: string;
  clientC: string;
  /** Issued invoices by name (see the table in receivablesData). */
  invoices: Record<string, { id: string; number: string; date: string; deadline: string; currency: string }>;
  /** Issued documents (invoices and notices) with their currency, total and date: the months' expectation. */
  documents: { currency: string; date: string; total: number }[];
  /** Payments (and refunds) with their document's currency: all dated today. */
  payments: { currency: string; amount: number }[];
}

/**
 * The data set. Outstanding (due = total + notices − paid):
 * | name  | client | cur | deadline | total | notices          | paid        | due | bucket   |
 * | inv1  | A      | EUR | −10      | 120   |                  | 50          | 70  | d1_30    |
 * | inv2  | A      | EUR | −45      | 240   | credit −60       |             | 180 | d31_60   |
 * | inv3  | B      | EUR | −75      | 360   |                  |             | 360 | d61_90   |
 * | inv4  | B      | EUR | −120     | 600   | debit +120       | 100         | 620 | d90_plus |
 * | inv5  | A      | EUR | +5       | 120   |                  |             | 120 | current  |
 * | inv6  | A      | EUR | −20      | 120   |                  | 120         | 0   | (paid)   |
 * | inv7  | B      | EUR | −40      | 120   | credit −120      |             | 0   | (credited) |
 * | inv8  | A      | EUR | −50      | 240   | credit −120 refunded −120 | 240 | 0   | (settled) |
 * | inv9  | A      | EUR | −15      | 120   | debit +24 (unpaid) | 120       | 24  | d1_30    |
 * | inv11 | A      | EUR | −30      | 12    |                  |             | 12  | d1_30    |
 * | inv12 | A      | EUR | −31      | 12    |                  |             | 12  | d31_60   |
 * | inv13 | A      | EUR | 0        | 12    | draft credit −6 (not issued) | | 12 | current |
 * | usd1  | A      | USD | −35      | 240   |                  |             | 240 | d31_60   |
 * | bgn1  | C      | BGN | −5       | 120   |                  |             | 120 | d1_30    |
 * plus a draft EUR invoice of B (deadline −60, 1200) and an issued proforma of A (deadline −60, 1200).
 */
export async function setUpReceivables(): Promise<ReceivablesSetup> {
  const s = await setUpBilling();
  const clientC = (
    await createClient(s.ctx, {
      name: t('Лев ЕООД', 'Lev Srl'),
      email: 'office@lev.test',
      phone: '+359 2 000 0000',
      notificationsEmails: ['pay@lev.test'],
    })
  )._id as string;
  const today = dayFromToday(0);
  const invoices: ReceivablesSetup['invoices'] = {};
  const documents: ReceivablesSetup['documents'] = [];
  const payments: ReceivablesSetup['payments'] = [];
  const customerOf = new Map<string, string>();
  const currencyCode = (id: string) => (id === s.usd ? 'USD' : id === s.bgn ? 'BGN' : 'EUR');

  const pay = async (documentId: string, amount: number, currency: string) => {
    await savedPayment(s, documentId, amount, today);
    payments.push({ currency, amount });
  };
  const invoice = async (
    name: string,
    customer: string,
    deadlineDays: number,
    net: number,
    currency = s.eur,
  ): Promise<string> => {
    const deadline = dayFromToday(deadlineDays);
    const date = dayFromToday(Math.min(0, deadlineDays - 14));
    const bank = customer === s.visible ? { customerBank: s.visibleBank } : { customerBank: null };
    const draft = await createDraft(s, 'invoice', {
      customerId: customer,
      ...bank,
      date,
      paymentDeadlineDate: deadline,
      currency,
      ...(currency === s.eur ? {} : { currencyRate: currency === s.usd ? 1.8 : 1 }),
    });
    await addItem(s, 'invoice', draft._id, net);
    const issued = await issue(s, 'invoice', draft._id);
    customerOf.set(issued._id, customer);
    const code = currencyCode(currency);
    invoices[name] = { id: issued._id, number: issued.number!, date, deadline, currency: code };
    documents.push({ currency: code, date, total: Number(issued.totalAmount) });
    return issued._id;
  };
  const notice = async (type: 1 | 2, original: string, net: number, issueIt = true) => {
    const customer = customerOf.get(original)!;
    const draft = await createNotice(s, type, original, {
      customerId: customer,
      customerBank: customer === s.visible ? s.visibleBank : null,
      date: today,
      paymentDeadlineDate: today,
    });
    await addItem(s, 'invoice', draft._id, net);
    if (!issueIt) return draft._id;
    const issued = await issue(s, 'invoice', draft._id);
    documents.push({ currency: 'EUR', date: today, total: Number(issued.totalAmount) });
    return issued._id;
  };

  const inv1 = await invoice('inv1', s.visible, -10, 100);
  await pay(inv1, 50, 'EUR');
  const inv2 = await invoice('inv2', s.visible, -45, 200);
  await notice(1, inv2, 50);
  await invoice('inv3', s.hidden, -75, 300);
  const inv4 = await invoice('inv4', s.hidden, -120, 500);
  await notice(2, inv4, 100);
  await pay(inv4, 100, 'EUR');
  await invoice('inv5', s.visible, 5, 100);
  const inv6 = await invoice('inv6', s.visible, -20, 100);
  await pay(inv6, 120, 'EUR');
  const inv7 = await invoice('inv7', s.hidden, -40, 100);
  await notice(1, inv7, 100);
  const inv8 = await invoice('inv8', s.visible, -50, 200);
  await pay(inv8, 240, 'EUR');
  const credit8 = await notice(1, inv8, 100);
  await pay(credit8, -120, 'EUR');
  // Paid in full, then a debit notice: still owed (found through the notice, the invoice being marked paid).
  const inv9 = await invoice('inv9', s.visible, -15, 100);
  await pay(inv9, 120, 'EUR');
  await notice(2, inv9, 20);
  await invoice('inv11', s.visible, -30, 10);
  await invoice('inv12', s.visible, -31, 10);
  const inv13 = await invoice('inv13', s.visible, 0, 10);
  await notice(1, inv13, 5, false);
  await invoice('usd1', s.visible, -35, 200, s.usd);
  await invoice('bgn1', clientC, -5, 100, s.bgn);

  // Never receivables: a draft invoice and an issued proforma.
  const draft = await createDraft(s, 'invoice', {
    customerId: s.hidden,
    customerBank: null,
    date: dayFromToday(-74),
    paymentDeadlineDate: dayFromToday(-60),
  });
  await addItem(s, 'invoice', draft._id, 1000);
  const proforma = await createDraft(s, 'proforma', {
    date: dayFromToday(-74),
    paymentDeadlineDate: dayFromToday(-60),
  });
  await addItem(s, 'proforma', proforma._id, 1000);
  await issue(s, 'proforma', proforma._id);

  return { ...s, clientA: s.visible, clientB: s.hidden, clientC, invoices, documents, payments };
}
