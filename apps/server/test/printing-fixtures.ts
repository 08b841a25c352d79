/** Printable documents for the printing tests and the bench: issued EUR and old BGN invoices, notices, proformas. */
import type { PartySnapshot, PrintableDocument, PrintableItem } from '@kantora/domain';

const text = (bg: string, it: string) => ({ bg, it });

export const provider: PartySnapshot = {
  name: text('Кантора Консулт ЕООД', 'Kantora Consult EOOD'),
  address: {
    country: text('България', 'Bulgaria'),
    city: text('София', 'Sofia'),
    zipCode: '1000',
    street: text('ул. „Цар Шишман“ 12', 'via Tsar Shishman 12'),
  },
  bank: {
    bankId: 'b1',
    name: text('Уникредит Булбанк', 'UniCredit Bulbank'),
    address: text('', ''),
    bic: 'UNCRBGSF',
    iban: 'BG80BNBG96611020345678',
    currency: 'BGN',
  },
  bank2: {
    bankId: 'b2',
    name: text('Уникредит Булбанк', 'UniCredit Bulbank'),
    address: text('', ''),
    bic: 'UNCRBGSF',
    iban: 'BG18RZBB91550123456789',
    currency: 'EUR',
  },
  responsiblePerson: text('Иван Петров', 'Ivan Petrov'),
  bulstat: '131468980',
  vatNumber: 'BG131468980',
};

export const bulgarianCustomer: PartySnapshot = {
  name: text('Търговска къща „Дъбрава“ ООД', 'Casa commerciale Dabrava OOD'),
  address: {
    country: text('България', 'Bulgaria'),
    city: text('Пловдив', 'Plovdiv'),
    zipCode: '4000',
    street: text('бул. „Марица“ 5', 'viale Maritsa 5'),
  },
  bank: null,
  responsiblePerson: text('Мария Георгиева', 'Maria Georgieva'),
  bulstat: '115012345',
  vatNumber: 'BG115012345',
};

export const italianCustomer: PartySnapshot = {
  name: text('Società Edile Ferraù S.r.l.', 'Società Edile Ferraù S.r.l.'),
  address: {
    country: text('Италия', 'Italia'),
    city: text('Милано', 'Milano'),
    zipCode: '20121',
    street: text('виа Данте 7', 'via Dante 7'),
  },
  bank: null,
  responsiblePerson: text('Никола Ферау', 'Niccolò Ferraù'),
  bulstat: '',
  vatNumber: 'IT01234567890',
};

const services = [
  text('Счетоводно обслужване', 'Servizi di contabilità'),
  text('Изготвяне на ведомости за заплати', 'Elaborazione delle buste paga'),
  text('Правна консултация — търговско право', 'Consulenza legale — diritto commerciale'),
  text('Данъчна декларация по чл. 50 от ЗДДФЛ', 'Dichiarazione dei redditi'),
];

export function items(count: number, sign = 1): PrintableItem[] {
  return Array.from({ length: count }, (_, index) => {
    const quantity = (index % 3) + 1;
    const price = sign * (100 + index * 12.5);
    return {
      name: services[index % services.length],
      quantity,
      price,
      total: quantity * price,
      comment: index === 1 ? text('месец март 2026', 'mese di marzo 2026') : undefined,
    };
  });
}

const sum = (rows: PrintableItem[]) => Math.round(rows.reduce((total, row) => total + row.total * 100, 0)) / 100;

function withTotals(doc: Omit<PrintableDocument, 'amount' | 'VATAmount' | 'totalAmount'>): PrintableDocument {
  const amount = sum(doc.items);
  const VATAmount = doc.VATCharging ? Math.round(amount * doc.VATPercentage) / 100 : 0;
  return { ...doc, amount, VATAmount, totalAmount: Math.round((amount + VATAmount) * 100) / 100 };
}

const base = {
  kind: 'invoice' as const,
  noticeType: 0 as const,
  issued: true,
  paymentType: text('Банков превод', 'Bonifico bancario'),
  provider,
  VATName: text('', ''),
  signerName: text('Иван Петров', 'Ivan Petrov'),
  showBGInvoice: true,
};

/** An issued EUR invoice to a Bulgarian company, VAT 20 %. */
export const eurInvoice = withTotals({
  ...base,
  number: '0000000123',
  date: '2026-03-15',
  taxDate: '2026-03-14',
  paymentDeadlineDate: '2026-03-30',
  customer: bulgarianCustomer,
  currency: 'EUR',
  currencyRate: 1.95583,
  VATCharging: true,
  VATPercentage: 20,
  items: items(3),
});

/** An old BGN invoice (2025). */
export const bgnInvoice = withTotals({
  ...base,
  number: '0000000042',
  date: '2025-11-20',
  taxDate: '2025-11-20',
  paymentDeadlineDate: '2025-12-05',
  customer: bulgarianCustomer,
  currency: 'BGN',
  currencyRate: 1,
  VATCharging: true,
  VATPercentage: 20,
  items: items(2),
});

/** A credit notice of the EUR invoice, to an Italian business (reverse charge). */
export const creditNotice = withTotals({
  ...base,
  noticeType: 1,
  number: '0000000124',
  date: '2026-03-20',
  taxDate: '2026-03-20',
  paymentDeadlineDate: null,
  customer: italianCustomer,
  currency: 'EUR',
  currencyRate: 1.95583,
  VATCharging: false,
  VATPercentage: 0,
  VATName: text('Обратно начисляване', 'Inversione contabile'),
  items: items(1, -1),
  creditToInvoiceNumber: '0000000123',
  creditToInvoiceDate: '2026-03-15',
  noticeReason: text('Отстъпка за обем', 'Sconto sul volume'),
});

/** A debit notice with VAT exempt by a VAT type's reason. */
export const debitNotice = withTotals({
  ...base,
  noticeType: 2,
  number: '0000000125',
  date: '2026-03-21',
  taxDate: '2026-03-21',
  paymentDeadlineDate: '2026-04-05',
  customer: bulgarianCustomer,
  currency: 'EUR',
  currencyRate: 1.95583,
  VATCharging: false,
  VATPercentage: 0,
  VATName: text('Освободена доставка по чл. 45 от ЗДДС', 'Operazione esente (art. 45 legge IVA)'),
  items: items(1),
  creditToInvoiceNumber: '0000000123',
  creditToInvoiceDate: '2026-03-15',
});

/** An issued proforma in BGN (so the Italian style shows the euro total). */
export const proforma = withTotals({
  ...base,
  kind: 'proforma',
  number: '0000000007',
  date: '2025-12-01',
  taxDate: null,
  paymentDeadlineDate: '2025-12-10',
  customer: italianCustomer,
  currency: 'BGN',
  currencyRate: 1,
  VATCharging: true,
  VATPercentage: 20,
  items: items(3),
});

/** A draft invoice: a number may be stored, but a draft prints none. */
export const draftInvoice: PrintableDocument = { ...eurInvoice, issued: false, number: null };

/** An issued EUR invoice of `rows` rows. */
export const longInvoice = (rows: number): PrintableDocument =>
  withTotals({ ...eurInvoice, number: '0000000200', items: items(rows) });
