import type {
  BillingDocumentView,
  BillingItemChange,
  BillingKind,
  BillingRunPreview,
  BillingRunResult,
  PaymentChange,
} from '@kantora/domain';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/sql-helpers.ts';
import { type ContractSetup, setUpContracts, t } from './contracts-fixtures.ts';
import { call } from './helpers.ts';

export { errorsOf, t } from './contracts-fixtures.ts';

export const BASE: Record<BillingKind, string> = { invoice: '/api/invoices', proforma: '/api/proforma-invoices' };

export interface BillingSetup extends ContractSetup {
  usd: string;
  paymentType: string;
  /** 20 % (the default VAT type) and an exempt 0 % type with its reason. */
  vat20: string;
  vat0: string;
  vat9: string;
}

const saved = async (s: ContractSetup, url: string, body: object) => {
  const response = await call(s.ctx, 'POST', url, body);
  if (response.status !== 200) throw new Error(`${url}: ${JSON.stringify(response.body)}`);
  return response.body.Result._id as string;
};

/** The contracts setup plus USD, a payment type, VAT types and the invoice defaults (EUR, 20 %, the admin signs). */
export async function setUpBilling(env: Record<string, string> = {}): Promise<BillingSetup> {
  const s = await setUpContracts(env);
  const usd = await saved(s, '/api/settings/currencies/save', {
    name: t('Щатски долар', 'Dollaro USA'),
    code: 'USD',
    exchangeRate: 1.8,
  });
  const paymentType = await saved(s, '/api/settings/payment-types/save', { name: t('Банков превод', 'Bonifico') });
  const vat20 = await saved(s, '/api/settings/vat-types/save', { name: t('ДДС 20%', 'IVA 20%'), percentage: 20 });
  const vat9 = await saved(s, '/api/settings/vat-types/save', { name: t('ДДС 9%', 'IVA 9%'), percentage: 9 });
  const vat0 = await saved(s, '/api/settings/vat-types/save', {
    name: t('Освободена', 'Esente'),
    percentage: 0,
    exemptionReason: t('чл. 21, ал. 2 ЗДДС', 'art. 21(2) legge IVA'),
  });
  const settings = await call(s.ctx, 'POST', '/api/settings/invoices/save', {
    currency: s.eur,
    vatType: vat20,
    paymentType,
    signer: s.ctx.users.admin.id,
    signers: [s.ctx.users.admin.id, s.ctx.users.manager.id],
  });
  if (settings.status !== 200) throw new Error(JSON.stringify(settings.body));
  return { ...s, usd, paymentType, vat20, vat0, vat9 };
}

/** A draft of the kind for the visible client (the defaults fill the rest), with extra header fields. */
export async function createDraft(
  s: BillingSetup,
  kind: BillingKind,
  extra: Record<string, unknown> = {},
  token = s.ctx.users.admin.token,
): Promise<BillingDocumentView> {
  const body = {
    customerId: s.visible,
    customerBank: s.visibleBank,
    date: '2026-03-02',
    paymentDeadlineDate: '2026-03-16',
    ...extra,
  };
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/save`, body, token);
  if (response.status !== 200) throw new Error(`draft not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** Adds a row; answers the change (row and document). */
export async function addItem(
  s: BillingSetup,
  kind: BillingKind,
  documentId: string,
  price: number,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<BillingItemChange> {
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/saveItem`, {
    invoiceId: documentId,
    name: t('Счетоводни услуги', 'Servizi contabili'),
    price,
    quantity,
    ...extra,
  });
  if (response.status !== 200) throw new Error(`item not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** Issues as the admin; answers the document. */
export async function issue(s: BillingSetup, kind: BillingKind, documentId: string): Promise<BillingDocumentView> {
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/issue`, { invoiceId: documentId });
  if (response.status !== 200) throw new Error(`not issued: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** A draft with rows (price, quantity), issued. */
export async function issuedWith(
  s: BillingSetup,
  kind: BillingKind,
  rows: Array<[number, number]>,
  extra: Record<string, unknown> = {},
): Promise<BillingDocumentView> {
  const draft = await createDraft(s, kind, extra);
  for (const [price, quantity] of rows) await addItem(s, kind, draft._id, price, quantity);
  return issue(s, kind, draft._id);
}

/** A draft credit (1) or debit (2) notice of the original invoice, with a reason and extra header fields. */
export function createNotice(
  s: BillingSetup,
  noticeType: 1 | 2,
  original: string,
  extra: Record<string, unknown> = {},
): Promise<BillingDocumentView> {
  return createDraft(s, 'invoice', {
    noticeType,
    creditToInvoice: original,
    noticeReason: t('Отстъпка', 'Sconto'),
    ...extra,
  });
}

/**
 * A payment of an issued invoice or notice on a day (a credit notice's refund: below zero), or a change of the payment
 * `_id`; answers the saved payment.
 */
export async function savedPayment(
  s: BillingSetup,
  documentId: string,
  amount: number,
  date: string,
  extra: Record<string, unknown> = {},
): Promise<NonNullable<PaymentChange['payment']>> {
  const response = await call<PaymentChange>(s.ctx, 'POST', `${BASE.invoice}/savePayment`, {
    invoice: documentId,
    amount,
    date,
    type: s.paymentType,
    ...extra,
  });
  if (response.status !== 200 || !response.body.Result.payment)
    throw new Error(`payment not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result.payment;
}

/** A credit (1) or debit (2) notice of the original invoice with one row of `net`, issued. */
export async function issuedNotice(
  s: BillingSetup,
  noticeType: 1 | 2,
  original: string,
  net: number,
  extra: Record<string, unknown> = {},
): Promise<BillingDocumentView> {
  const draft = await createNotice(s, noticeType, original, extra);
  await addItem(s, 'invoice', draft._id, net);
  return issue(s, 'invoice', draft._id);
}

/** Copies of a draft (header and rows), made in one statement: many drafts without many calls. */
export async function copiesOf(s: BillingSetup, id: string, count: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    s.ctx.database.db,
    sql`with copies as (
          insert into billing_documents
          select (jsonb_populate_record(null::billing_documents, to_jsonb(d) || jsonb_build_object('id', gen_random_uuid(), 'created', now()))).*
          from billing_documents d cross join generate_series(1, ${count}) where d.id = ${id}
          returning id
        ), rows as (
          insert into billing_items (document_id, position, name, quantity, price, total)
          select c.id, i.position, i.name, i.quantity, i.price, i.total from copies c cross join billing_items i where i.document_id = ${id}
        )
        select id from copies`,
  );
  return rows.map((row) => row.id);
}

/** The billing run's preview of a month (the current one without it), as the admin unless a token is given. */
export async function runPreview(s: BillingSetup, month?: string, token?: string): Promise<BillingRunPreview> {
  const response = await call<BillingRunPreview>(
    s.ctx,
    'POST',
    '/api/billing-run/preview',
    month ? { month } : {},
    token,
  );
  if (response.status !== 200) throw new Error(`preview refused: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** Runs the billing run with the body (month, items, issue, timesheetAnnex); answers its result. */
export async function runBilling(s: BillingSetup, body: Record<string, unknown>): Promise<BillingRunResult> {
  const response = await call<BillingRunResult>(s.ctx, 'POST', '/api/billing-run/run', body);
  if (response.status !== 200) throw new Error(`run refused: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}
