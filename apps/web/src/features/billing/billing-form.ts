import {
  type BillingDocumentView,
  type BillingKind,
  type BillingOption,
  type BillingSaveValues,
  billingSaveSchema,
  type ContractOption,
  type LocalizedText,
  NoticeType,
  type NoticeTypeValue,
  paymentDeadlineOf,
  type ClientOption,
  type UserOption,
} from '@kantora/domain';
import { z } from 'zod';
import { type BankChoice, bankChoiceOf } from '../../components/entities/banks/bank-choice.ts';
import { sofiaDate } from '../../lib/sofia-time.ts';

/** GET /api/metaData/getInvoiceDefaults (null before the invoice settings are first saved). */
export interface InvoiceDefaults {
  currency: { _id: string; code: string | null; exchangeRate: number | string; name: LocalizedText } | null;
  vatType: { _id: string; name: LocalizedText; percentage: number | string } | null;
  paymentType: { _id: string; name: LocalizedText } | null;
  signer: UserOption | null;
  signers: UserOption[];
  /** Days from a new document's date to its payment deadline (a client's own term wins). */
  paymentTermDays?: number;
}

/**
 * The due date the editor offers a new document: its date plus the client's term (else the defaults'), none for a
 * credit notice; null when the client's term is not known (the server then fills it on the first save).
 */
export function suggestedDeadline(
  date: string | null,
  customer: ClientOption | null | undefined,
  defaults: InvoiceDefaults | null | undefined,
  noticeType: number,
): string | null {
  if (!date || noticeType === NoticeType.credit) return null;
  if (customer && customer.paymentTermDays === undefined) return null;
  return paymentDeadlineOf(date, { client: customer?.paymentTermDays, default: defaults?.paymentTermDays }, noticeType);
}

/** The editor's form: the header of a document (the rows have their own dialog and calls). */
export interface BillingFormValues {
  customer: ClientOption | null;
  customerBank: BankChoice | null;
  providerBank: BankChoice | null;
  providerBank2: BankChoice | null;
  contract: ContractOption | null;
  date: string | null;
  taxDate: string | null;
  paymentDeadlineDate: string | null;
  paymentType: string | null;
  signer: string | null;
  VATCharging: boolean;
  VATType: string | null;
  currency: string | null;
  currencyRate: number | null;
  noticeType: NoticeTypeValue;
  creditToInvoice: BillingOption | null;
  noticeReason: { bg: string; it: string };
  showBGInvoice: boolean;
  /** The period's timesheet report as an annex page of the PDF (a contract's document). */
  timesheetAnnex: boolean;
  /** The contract period a plain invoice or proforma of a contract bills (its first day); null: the period of its date. */
  periodFrom: string | null;
}

const text = (value: LocalizedText | null | undefined) => ({ bg: value?.bg ?? '', it: value?.it ?? '' });

/** Where a new document starts: today, the invoice defaults, the client and contract the page was opened for. */
export interface NewDocumentStart {
  defaults: InvoiceDefaults | null;
  customer?: ClientOption | null;
  contract?: ContractOption | null;
}

/** The form values of a saved document, or of a new one (the invoice defaults shown before the first save). */
export function toBillingForm(
  doc: BillingDocumentView | null,
  start: NewDocumentStart = { defaults: null },
): BillingFormValues {
  if (!doc) {
    const { defaults } = start;
    const today = sofiaDate();
    return {
      customer: start.customer ?? null,
      customerBank: null,
      providerBank: null,
      providerBank2: null,
      contract: start.contract ?? null,
      date: today,
      taxDate: today,
      paymentDeadlineDate: suggestedDeadline(today, start.customer, defaults, NoticeType.invoice),
      paymentType: defaults?.paymentType?._id ?? null,
      signer: defaults?.signer?._id ?? null,
      VATCharging: Boolean(defaults?.vatType),
      VATType: defaults?.vatType?._id ?? null,
      currency: defaults?.currency?._id ?? null,
      currencyRate: defaults?.currency ? Number(defaults.currency.exchangeRate) : null,
      noticeType: NoticeType.invoice,
      creditToInvoice: null,
      noticeReason: text(null),
      showBGInvoice: false,
      timesheetAnnex: false,
      periodFrom: null,
    };
  }
  return {
    customer: doc.customerId
      ? {
          _id: doc.customerId,
          name: doc.customer?.name ?? doc.companyName ?? text(null),
          bulstat: doc.bulstat,
          vatNumber: doc.vatNumber,
        }
      : null,
    customerBank: bankChoiceOf(doc.customerBank, doc.customer?.bank),
    providerBank: bankChoiceOf(doc.providerBank, doc.provider?.bank),
    providerBank2: bankChoiceOf(doc.providerBank2, doc.provider?.bank2),
    contract: doc.contract
      ? {
          _id: doc.contract,
          name: doc.contractName ?? text(null),
          customerId: doc.customerId,
          companyName: doc.companyName,
          fromDate: '',
          toDate: '',
          status: 1,
          currency: doc.currency ?? '',
          currencyCode: doc.currencyCode,
        }
      : null,
    date: doc.date,
    taxDate: doc.taxDate,
    paymentDeadlineDate: doc.paymentDeadlineDate,
    paymentType: doc.paymentType,
    signer: doc.signer,
    VATCharging: doc.VATCharging,
    VATType: doc.VATType,
    currency: doc.currency,
    currencyRate: doc.currencyRate,
    noticeType: doc.noticeType,
    creditToInvoice: doc.creditToInvoice
      ? {
          _id: doc.creditToInvoice,
          number: doc.creditToInvoiceNumber,
          date: doc.creditToInvoiceDate ?? '',
          customerId: doc.customerId,
          companyName: doc.companyName,
          totalAmount: 0,
          currencyCode: null,
          noticeType: NoticeType.invoice,
        }
      : null,
    noticeReason: text(doc.noticeReason),
    showBGInvoice: doc.showBGInvoice,
    timesheetAnnex: doc.timesheetAnnex,
    periodFrom: doc.periodFrom,
  };
}

/** The save call's body from the form: the choices as their ids. */
function toSaveInput(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const form = value as BillingFormValues;
  return {
    customerId: form.customer?._id ?? null,
    customerBank: form.customerBank?._id ?? null,
    providerBank: form.providerBank?._id ?? null,
    providerBank2: form.providerBank2?._id ?? null,
    contract: form.contract?._id ?? null,
    date: form.date,
    taxDate: form.taxDate,
    paymentDeadlineDate: form.paymentDeadlineDate,
    paymentType: form.paymentType,
    signer: form.signer,
    VATCharging: form.VATCharging,
    VATType: form.VATType,
    currency: form.currency,
    currencyRate: form.currencyRate,
    noticeType: form.noticeType,
    creditToInvoice: form.noticeType === NoticeType.invoice ? null : (form.creditToInvoice?._id ?? null),
    noticeReason: form.noticeReason,
    showBGInvoice: form.showBGInvoice,
    timesheetAnnex: form.timesheetAnnex,
    // Only a plain invoice or a proforma of a contract bills a chosen period (a notice has none).
    periodFrom: form.contract && form.noticeType === NoticeType.invoice ? form.periodFrom : null,
  };
}

/** The form's resolver schema: the domain's save schema over the form values. */
export const billingFormSchema = z.preprocess(toSaveInput, billingSaveSchema);

const INVOICE_ONLY = ['taxDate', 'noticeType', 'creditToInvoice', 'noticeReason', 'showBGInvoice'] as const;

/**
 * The body of POST {base}/save. A new document leaves out what is empty, so the server's defaults (the own
 * company's default accounts, the invoice settings) fill it; a saved one sends null to clear. Proformas have
 * no tax date and no notice.
 */
export function toSaveBody(kind: BillingKind, values: BillingSaveValues, id: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  if (kind === 'proforma') for (const key of INVOICE_ONLY) delete body[key];
  if (!id) {
    for (const [key, value] of Object.entries(body)) if (value === null || value === undefined) delete body[key];
    return body;
  }
  return { ...body, _id: id };
}
