import type { BillingDocumentView, BillingItemChange, BillingKind } from '@kantora/domain';
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
  const usd = await saved(s, '/api/settings/currencies/save', { name: t('Щатски долар', 'Dollaro USA'), code: 'USD', exchangeRate: 1.8 });
  const paymentType = await saved(s, '/api/settings/payment-types/save', { name: t('Банков превод', 'Bonifico') });
  const vat20 = await saved(s, '/api/settings/vat-types/save', { name: t('ДДС 20%', 'IVA 20%'), percentage: 20 });
  const vat9 = await saved(s, '/api/settings/vat-types/save', { name: t('ДДС 9%', 'IVA 9%'), percentage: 9 });
  const vat0 = await saved(s, '/api/settings/vat-types/save', {
    name: t('Освободена', 'Esente'),
    percentage: 0,
    exemptionReason: t('чл. 21, ал. 2 ЗДДС', 'art. 21(2) legge IVA'),
  });
  const settings = await call(s.ctx, 'POST', '/api/settings/invoices/save', { currency: s.eur, vatType: vat20, paymentType, signer: s.ctx.users.admin.id, signers: [s.ctx.users.admin.id, s.ctx.users.manager.id] });
  if (settings.status !== 200) throw new Error(JSON.stringify(settings.body));
  return { ...s, usd, paymentType, vat20, vat0, vat9 };
}

/** A draft of the kind for the visible client (the defaults fill the rest), with extra header fields. */
export async function createDraft(s: BillingSetup, kind: BillingKind, extra: Record<string, unknown> = {}, token = s.ctx.users.admin.token): Promise<BillingDocumentView> {
  const body = { customerId: s.visible, customerBank: s.visibleBank, date: '2026-03-02', paymentDeadlineDate: '2026-03-16', ...extra };
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/save`, body, token);
  if (response.status !== 200) throw new Error(`draft not saved: ${JSON.stringify(response.body)}`);
  return response.body.Result;
}

/** Adds a row; answers the change (row and document). */
export async function addItem(s: BillingSetup, kind: BillingKind, documentId: string, price: number, quantity = 1, extra: Record<string, unknown> = {}): Promise<BillingItemChange> {
  const response = await call(s.ctx, 'POST', `${BASE[kind]}/saveItem`, { invoiceId: documentId, name: t('Счетоводни услуги', 'Servizi contabili'), price, quantity, ...extra });
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
export async function issuedWith(s: BillingSetup, kind: BillingKind, rows: Array<[number, number]>, extra: Record<string, unknown> = {}): Promise<BillingDocumentView> {
  const draft = await createDraft(s, kind, extra);
  for (const [price, quantity] of rows) await addItem(s, kind, draft._id, price, quantity);
  return issue(s, kind, draft._id);
}
