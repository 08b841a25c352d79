import {
  type ApiFieldError,
  type BillingKind,
  type BillingSaveValues,
  documentVatSnapshot,
  effectiveCurrencyCode,
  FIXED_RATES,
  MessageKeys as M,
  NoticeType,
  paymentDeadlineOf,
  isPeriodStart,
  periodAt,
  resolveVat,
  UserStatus,
  sofiaDay,
} from '@kantora/domain';
import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  billingDocuments,
  companies,
  contracts,
  currencies,
  type invoiceSettings,
  type Localized,
  paymentTypes,
  users,
  vatTypes,
} from '../../db/schema/index.ts';
import { visibleContracts, buildParties, defaultProviderBanks } from '../contracts/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { DocumentRow } from './billing.queries.ts';

type Settings = typeof invoiceSettings.$inferSelect;
const empty: Localized = { bg: '', it: '' };

/** The header values a save writes, the field errors found, and the rate change the rows' prices follow. */
export interface ResolvedHeader {
  values: Omit<typeof billingDocuments.$inferInsert, 'id' | 'kind' | 'created' | 'createdBy' | 'createdByName'>;
  errors: ApiFieldError[];
  /** Set when an existing document changes its currency: its rows' prices are converted. */
  conversion: { fromRate: number; toRate: number } | null;
  /** A notice's currency and rate are its original's: true when the input asked for another (the save writes the original's). */
  noticeCurrencyForced: boolean;
  /** Set when the save chose a contract period (a new one): the service checks no other document bills it (409). */
  periodChosen: { contractId: string; periodFrom: string } | null;
}

/** The value a save writes: given (null clears), else the stored one, else (a new document) the default. */
const pick = <T>(
  given: T | undefined,
  old: DocumentRow | undefined,
  stored: (row: DocumentRow) => T,
  fallback: T,
): T => (given !== undefined ? given : old ? stored(old) : fallback);

/**
 * A VAT type's name, percentage and EN 16931 category as a document stores them: the exemption reason when VAT is not
 * charged; the category and VATEX code of documentVatSnapshot.
 */
export async function vatColumns(executor: Executor, vatTypeId: string | null, charging: boolean) {
  const none = { vatName: empty, vatPercentage: 0, vatCategory: null, vatExemptionCode: null, found: false };
  if (!vatTypeId) return { ...none, status: false };
  const [type] = await executor.select().from(vatTypes).where(eq(vatTypes.id, vatTypeId));
  if (!type) return { ...none, status: false };
  const reason = type.exemptionReason.bg || type.exemptionReason.it ? type.exemptionReason : type.name;
  const vatPercentage = charging ? Number(type.percentage) : 0;
  const treatment = documentVatSnapshot(charging, vatPercentage, type);
  return {
    vatName: charging ? type.name : reason,
    vatPercentage,
    vatCategory: treatment.category as string | null,
    vatExemptionCode: treatment.exemptionCode as string | null,
    found: true,
    status: type.status,
  };
}

/** A currency's rate on a document: BGN and EUR at their fixed rates, else the given rate or the currency's. */
export async function currencyOf(executor: Executor, currencyId: string) {
  const [row] = await executor.select().from(currencies).where(eq(currencies.id, currencyId));
  if (!row) return undefined;
  const code = effectiveCurrencyCode(row.code, row.name);
  const fixed = code ? FIXED_RATES[code] : undefined;
  return { ...row, code, fixed, rate: fixed ?? Number(row.exchangeRate) };
}

/**
 * A new document's payment deadline (docs/decisions.md, "Payment terms"): its date plus the client's own term, else
 * `defaultTerm` (the invoice defaults'); none for a credit notice.
 */
export async function paymentDeadlineFor(
  executor: Executor,
  date: string,
  customerId: string | null,
  defaultTerm: number | null | undefined,
  noticeType: number = NoticeType.invoice,
): Promise<string | null> {
  if (noticeType === NoticeType.credit) return null;
  const [row] = customerId
    ? await executor.select({ term: companies.paymentTermDays }).from(companies).where(eq(companies.id, customerId))
    : [];
  return paymentDeadlineOf(date, { client: row?.term ?? null, default: defaultTerm }, noticeType);
}

/** The signer's name (first and last) if the user is active staff. */
export async function signerOf(executor: Executor, userId: string): Promise<Localized | undefined> {
  const [user] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), lt(users.access, 4), eq(users.status, UserStatus.active)));
  if (!user) return undefined;
  return {
    bg: `${user.firstName.bg} ${user.lastName.bg}`.trim(),
    it: `${user.firstName.it} ${user.lastName.it}`.trim(),
  };
}

/**
 * Checks a notice's original: an issued invoice (not a notice itself, not this document) of the same customer.
 * Answers the field errors.
 */
export async function originalErrors(
  executor: Executor,
  documentId: string | undefined,
  originalId: string,
  customerId: string | null,
): Promise<ApiFieldError[]> {
  const [original] = await executor
    .select({
      kind: billingDocuments.kind,
      issued: billingDocuments.issued,
      noticeType: billingDocuments.noticeType,
      customerId: billingDocuments.customerId,
    })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, originalId));
  if (
    original?.kind !== 'invoice' ||
    !original.issued ||
    original.noticeType !== NoticeType.invoice ||
    originalId === documentId
  ) {
    return [{ field: 'creditToInvoice', message: M.invalid_value }];
  }
  if (customerId && original.customerId !== customerId)
    return [{ field: 'creditToInvoice', message: M.notice_customer_mismatch }];
  return [];
}

/** The currency and rate of a notice's original invoice (a notice takes them). */
export async function originalCurrency(
  executor: Executor,
  originalId: string,
): Promise<{ currencyId: string; currencyRate: number } | undefined> {
  const [original] = await executor
    .select({ currencyId: billingDocuments.currencyId, currencyRate: billingDocuments.currencyRate })
    .from(billingDocuments)
    .where(eq(billingDocuments.id, originalId));
  return original?.currencyId
    ? { currencyId: original.currencyId, currencyRate: Number(original.currencyRate) }
    : undefined;
}

/**
 * The header of a draft from a save: each field given, kept or defaulted (invoice defaults, today, the own
 * company's default banks), each new pick checked (active, the customer's bank, the contract of the customer),
 * the VAT rule applied, the rate taken, the party snapshots copied.
 */
export async function resolveHeader(
  tx: Executor,
  kind: BillingKind,
  actor: Actor,
  input: BillingSaveValues,
  old: DocumentRow | undefined,
  settings: Settings | undefined,
): Promise<ResolvedHeader> {
  const errors: ApiFieldError[] = [];
  const changed = <T>(value: T, stored: (row: DocumentRow) => T) => value !== null && (!old || stored(old) !== value);
  const providerDefaults = old ? { bank: null, bank2: null } : await defaultProviderBanks(tx);

  // The contract, and the customer it brings when none is chosen.
  const contractId = pick(input.contract, old, (row) => row.contractId, null);
  let customerId = pick(input.customerId, old, (row) => row.customerId, null);
  let customerBank = pick(
    input.customerBank,
    old,
    (row) => (customerId === row.customerId ? row.customerBankId : null),
    null,
  );
  let periodContract: {
    fromDate: string;
    toDate: string;
    invoiceDate: string | null;
    invoiceMonthlyInterval: number;
  } | null = null;
  if (contractId) {
    const [contract] = await tx
      .select({
        customerId: contracts.customerId,
        customerBankId: contracts.customerBankId,
        fromDate: contracts.fromDate,
        toDate: contracts.toDate,
        invoiceDate: contracts.invoiceDate,
        invoiceMonthlyInterval: contracts.invoiceMonthlyInterval,
      })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), visibleContracts(actor)));
    if (contract) periodContract = contract;
    if (!contract) errors.push({ field: 'contract', message: M.invalid_value });
    else if (!customerId && contract.customerId) {
      customerId = contract.customerId;
      customerBank = input.customerBank ?? contract.customerBankId;
    } else if (customerId && contract.customerId !== customerId)
      errors.push({ field: 'contract', message: M.invalid_value });
  }

  const choice = {
    providerBank: pick(input.providerBank, old, (row) => row.providerBankId, providerDefaults.bank),
    providerBank2: pick(input.providerBank2, old, (row) => row.providerBank2Id, providerDefaults.bank2),
    customerId,
    customerBank,
  };
  const kept = old
    ? {
        providerBank: old.providerBankId,
        providerBank2: old.providerBank2Id,
        customerId: old.customerId,
        customerBank: old.customerBankId,
      }
    : {};
  const { parties, errors: partyErrors } = await buildParties(tx, choice, kept);
  errors.push(...partyErrors);

  // Dates.
  const today = sofiaDay();
  const date = pick(input.date, old, (row) => row.date, today);
  if (!date) errors.push({ field: 'date', message: M.field_is_required });
  const taxDate = kind === 'invoice' ? pick(input.taxDate, old, (row) => row.taxDate, date) : null;

  // Payment type and signer: a new pick must be active.
  const paymentTypeId = pick(input.paymentType, old, (row) => row.paymentTypeId, settings?.paymentTypeId ?? null);
  if (paymentTypeId && changed(paymentTypeId, (row) => row.paymentTypeId)) {
    const [type] = await tx
      .select({ status: paymentTypes.status })
      .from(paymentTypes)
      .where(eq(paymentTypes.id, paymentTypeId));
    if (!type || (!type.status && input.paymentType !== undefined))
      errors.push({ field: 'paymentType', message: M.invalid_value });
  }
  const signerId = pick(input.signer, old, (row) => row.signerId, settings?.signerId ?? null);
  let signerName = old && signerId === old.signerId ? old.signerName : null;
  if (signerId && changed(signerId, (row) => row.signerId)) {
    signerName = (await signerOf(tx, signerId)) ?? null;
    if (!signerName) errors.push({ field: 'signer', message: M.invalid_value });
  }

  // Notice (invoices): decided first, since a notice takes its original's currency and rate.
  const noticeType =
    kind === 'invoice' ? pick(input.noticeType, old, (row) => row.noticeType, NoticeType.invoice) : NoticeType.invoice;
  if (kind === 'proforma' && input.noticeType !== undefined && input.noticeType !== NoticeType.invoice)
    errors.push({ field: 'noticeType', message: M.invalid_value });
  const creditToInvoiceId =
    noticeType === NoticeType.invoice ? null : pick(input.creditToInvoice, old, (row) => row.creditToInvoiceId, null);
  const originalFailures = creditToInvoiceId ? await originalErrors(tx, old?.id, creditToInvoiceId, customerId) : [];
  errors.push(...originalFailures);
  const noticeReason =
    noticeType === NoticeType.invoice ? empty : pick(input.noticeReason, old, (row) => row.noticeReason, empty);
  const original =
    creditToInvoiceId && originalFailures.length === 0 ? await originalCurrency(tx, creditToInvoiceId) : undefined;

  // The contract period billed (docs/decisions.md, "A hand-made invoice chooses its period"): only a plain invoice or a
  // proforma of a contract, not made from a proforma (that one bills its proforma's), has one. Missing keeps the
  // stored one (gone with another contract or as a notice), null clears it, a new one must start a contract period.
  let periodFrom: string | null = null;
  let periodTo: string | null = null;
  let periodChosen: ResolvedHeader['periodChosen'] = null;
  const billsPeriod = contractId !== null && noticeType === NoticeType.invoice && !old?.transformedFromProformaId;
  const sameContract = old !== undefined && old.contractId === contractId;
  if (!billsPeriod) {
    if (input.periodFrom) errors.push({ field: 'periodFrom', message: M.invalid_value });
  } else if (input.periodFrom === undefined || (sameContract && input.periodFrom === old.periodFrom)) {
    if (sameContract) ({ periodFrom, periodTo } = old);
  } else if (input.periodFrom !== null && periodContract) {
    const period = isPeriodStart(periodContract, input.periodFrom) ? periodAt(periodContract, input.periodFrom) : null;
    if (!period) errors.push({ field: 'periodFrom', message: M.invalid_contract_period });
    else {
      ({ periodFrom, periodTo } = period);
      periodChosen = { contractId: contractId!, periodFrom };
    }
  }

  // Payment deadline (docs/decisions.md, "Payment terms"): a credit notice has none; a new document (and a credit
  // notice turned back into an invoice or a debit notice) not given one is due its date plus the client's term
  // (else the invoice defaults'); a given date (or null) wins.
  let paymentDeadlineDate = pick(input.paymentDeadlineDate, old, (row) => row.paymentDeadlineDate, null);
  if (noticeType === NoticeType.credit) paymentDeadlineDate = null;
  else if (
    input.paymentDeadlineDate === undefined &&
    date &&
    (!old || (old.noticeType === NoticeType.credit && !old.paymentDeadlineDate))
  ) {
    paymentDeadlineDate = await paymentDeadlineFor(tx, date, customerId, settings?.paymentTermDays);
  }
  if (date && paymentDeadlineDate && paymentDeadlineDate < date)
    errors.push({ field: 'paymentDeadlineDate', message: M.payment_deadline_before_date });

  // Currency and rate: a new currency brings its rate; BGN and EUR have theirs fixed; a notice has its original's
  // (docs/decisions.md, "Notices in the original's currency"): whatever the input says, the original's are written.
  const currencyId = original
    ? original.currencyId
    : pick(input.currency, old, (row) => row.currencyId, settings?.currencyId ?? null);
  let currencyRate = old?.currencyRate ?? 1;
  const noticeCurrencyForced = Boolean(
    original &&
      ((input.currency != null && input.currency !== original.currencyId) ||
        (input.currencyRate !== undefined && input.currencyRate !== original.currencyRate)),
  );
  if (original) currencyRate = original.currencyRate;
  else if (currencyId) {
    const currency = await currencyOf(tx, currencyId);
    const isNew = changed(currencyId, (row) => row.currencyId);
    if (!currency || (isNew && !currency.status && input.currency !== undefined))
      errors.push({ field: 'currency', message: M.invalid_value });
    else {
      currencyRate = input.currencyRate ?? (isNew || !old ? currency.rate : old.currencyRate);
      if (currency.fixed !== undefined && currencyRate !== currency.fixed) {
        if (input.currencyRate !== undefined) errors.push({ field: 'currencyRate', message: M.currency_rate_fixed });
        currencyRate = currency.fixed;
      }
    }
  }
  const conversion =
    old?.currencyId && currencyId && old.currencyId !== currencyId
      ? { fromRate: Number(old.currencyRate), toRate: currencyRate }
      : null;

  // VAT (billing-totals.ts, resolveVat: turning charging on applies the default type; the default type turns it on; any other turns it off).
  const defaultVat = settings?.vatTypeId ?? null;
  const current = old
    ? { VATCharging: old.vatCharging, VATType: old.vatTypeId }
    : { VATCharging: defaultVat !== null, VATType: defaultVat };
  const vat = resolveVat({ VATCharging: input.VATCharging, VATType: input.VATType }, current, defaultVat);
  const vatValues = await vatColumns(tx, vat.VATType, vat.VATCharging);
  if (
    vat.VATType &&
    (!vatValues.found ||
      (!vatValues.status && changed(vat.VATType, (row) => row.vatTypeId) && input.VATType !== undefined))
  ) {
    errors.push({ field: 'VATType', message: M.invalid_value });
  }

  return {
    values: {
      date: date ?? today,
      taxDate,
      paymentDeadlineDate,
      paymentTypeId,
      signerId,
      signerName,
      vatCharging: vat.VATCharging,
      vatTypeId: vat.VATType,
      vatName: vatValues.vatName,
      vatPercentage: vatValues.vatPercentage,
      vatCategory: vatValues.vatCategory,
      vatExemptionCode: vatValues.vatExemptionCode,
      noticeType,
      creditToInvoiceId,
      noticeReason,
      currencyId,
      currencyRate,
      providerId: parties.providerId,
      providerBankId: choice.providerBank,
      providerBank2Id: choice.providerBank2,
      provider: parties.provider,
      customerId,
      customerBankId: choice.customerBank,
      customer: parties.customer,
      contractId,
      showBgInvoice: pick(input.showBGInvoice, old, (row) => row.showBgInvoice, false),
      timesheetAnnex: pick(input.timesheetAnnex, old, (row) => row.timesheetAnnex, false),
      periodFrom,
      periodTo,
    },
    errors,
    conversion,
    noticeCurrencyForced,
    periodChosen,
  };
}
