/**
 * The blocks of a printed document: title and details, the two parties, the items table, totals with the
 * amount in words and the VAT note, signatures. Each takes the document, the layout's language and figures.
 */
import {
  BGN_PER_EUR,
  type Locale,
  type LocalizedText,
  type PartyBank,
  type PartySnapshot,
  type PrintableDocument,
  type PrintLayout,
  vatExemptionBasis,
} from '@kantora/domain';
import type { Content, ContentTable, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import type { PrintFigures } from './figures.ts';
import { type PrintLabels, formatDate, formatMoney, formatQuantity, formatRate } from './labels.ts';

export interface PrintContext {
  doc: PrintableDocument;
  layout: PrintLayout;
  lang: Locale;
  t: PrintLabels;
  figures: PrintFigures;
}

export const MUTED = '#555555';
export const RULE = '#9e9e9e';
const FILL = '#eeeeee';

/** The text in the print language, else the other one. */
export const localized = (value: LocalizedText | null | undefined, lang: Locale) =>
  value ? value[lang]?.trim() || value.bg?.trim() || value.it?.trim() || '' : '';

const labelled = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, color: MUTED }, value] });

/** Thin rules between rows and around the table, no inner verticals. */
export const ruledTable: CustomTableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: (i, node) => (i === 0 || i === node.table.widths?.length ? 0.5 : 0),
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A credit notice: its total is the amount credited, not an amount to pay. */
export const isCreditNotice = (doc: Pick<PrintableDocument, 'kind' | 'noticeType'>) =>
  doc.kind === 'invoice' && doc.noticeType === 1;

export function documentTitle({ doc, t }: PrintContext): string {
  if (doc.kind === 'proforma') return t.proforma;
  return doc.noticeType === 1 ? t.creditNotice : doc.noticeType === 2 ? t.debitNotice : t.invoice;
}

/** Title, number and the document's details (dates, payment, currency). */
export function titleBlock(ctx: PrintContext): Content {
  const { doc, t, lang, figures } = ctx;
  const details: Array<[string, string]> = [[t.date, formatDate(doc.date)]];
  if (doc.kind === 'invoice') details.push([t.taxDate, formatDate(doc.taxDate ?? doc.date)]);
  // A credit notice is not paid: no deadline, whatever is stored.
  if (doc.paymentDeadlineDate && !isCreditNotice(doc))
    details.push([t.paymentDeadline, formatDate(doc.paymentDeadlineDate)]);
  const paymentType = localized(doc.paymentType, lang);
  if (paymentType) details.push([t.paymentType, paymentType]);
  details.push([t.currency, figures.currency]);
  if (figures.conversion)
    details.push([t.convertedFrom, `${figures.conversion.from}, ${formatRate(figures.conversion.rate, lang)}`]);
  else if (figures.currency !== 'BGN') details.push([t.rate, formatRate(doc.currencyRate, lang)]);
  const number = doc.issued && doc.number ? `${t.number} ${doc.number}` : t.draftNumber;
  const title: Content[] = [
    { text: documentTitle(ctx), style: 'title' },
    { text: number, style: 'number' },
  ];
  if (doc.kind === 'invoice' && doc.proformaNumber)
    title.push({ text: t.fromProforma(doc.proformaNumber), margin: [0, 4, 0, 0] });
  if (doc.kind === 'invoice' && doc.noticeType !== 0 && doc.creditToInvoiceNumber) {
    title.push({
      text: t.toInvoice(doc.creditToInvoiceNumber, formatDate(doc.creditToInvoiceDate)),
      bold: true,
      margin: [0, 4, 0, 0],
    });
    const reason = localized(doc.noticeReason, lang);
    if (reason) title.push(labelled(t.noticeReason, reason));
  }
  return {
    columns: [
      { width: '*', stack: title },
      {
        width: 230,
        table: {
          widths: ['auto', '*'],
          body: details.map(([label, value]) => [
            { text: label, color: MUTED },
            { text: value, alignment: 'right' },
          ]),
        },
        layout: 'noBorders',
      },
    ],
    columnGap: 16,
    margin: [0, 0, 0, 12],
  };
}

function bankLines(bank: PartyBank | null | undefined, lang: Locale, t: PrintLabels, suffix = ''): Content[] {
  if (!bank?.iban) return [];
  const lines: Content[] = [];
  const name = localized(bank.name, lang);
  if (name) lines.push(labelled(t.bank + suffix, name));
  if (bank.bic) lines.push(labelled(t.bic, bank.bic));
  lines.push(labelled(t.iban + suffix, bank.iban));
  return lines;
}

const currencyOf = (bank: PartyBank | null | undefined) => bank?.currency?.trim().toUpperCase() ?? '';

/** The provider's account for these amounts: the one in their currency, else the EUR one for euro, else the first. */
function providerBanks(ctx: PrintContext): Content[] {
  const { doc, layout, lang, t, figures } = ctx;
  const { bank, bank2 } = doc.provider;
  if (layout.ibans === 'both') return [...bankLines(bank, lang, t, ' (BGN)'), ...bankLines(bank2, lang, t, ' (EUR)')];
  const matching = [bank, bank2].find((candidate) => candidate?.iban && currencyOf(candidate) === figures.currency);
  const chosen = matching ?? (figures.currency === 'EUR' && bank2?.iban ? bank2 : bank?.iban ? bank : bank2);
  return bankLines(chosen, lang, t);
}

function addressLine(party: PartySnapshot, lang: Locale): string {
  const { address } = party;
  const city = [address.zipCode?.trim(), localized(address.city, lang)].filter(Boolean).join(' ');
  return [localized(address.street, lang), city, localized(address.country, lang)].filter(Boolean).join(', ');
}

function partyLines(party: PartySnapshot, banks: Content[], { lang, t }: PrintContext): Content {
  const lines: Content[] = [
    { text: localized(party.name, lang), bold: true, fontSize: 10 },
    labelled(t.address, addressLine(party, lang)),
  ];
  if (party.bulstat) lines.push(labelled(t.eik, party.bulstat));
  if (party.vatNumber) lines.push(labelled(t.vatNumber, party.vatNumber));
  const person = localized(party.responsiblePerson, lang);
  if (person) lines.push(labelled(t.responsiblePerson, person));
  lines.push(...banks);
  return { stack: lines, lineHeight: 1.2 };
}

/** Provider and recipient side by side, as one table so both cards have the same height. */
export function partiesBlock(ctx: PrintContext): Content {
  const { doc, t, lang } = ctx;
  return {
    table: {
      widths: ['*', '*'],
      body: [
        [
          { text: t.provider, style: 'cardHeading' },
          { text: t.recipient, style: 'cardHeading' },
        ],
        [
          partyLines(doc.provider, providerBanks(ctx), ctx),
          partyLines(doc.customer, bankLines(doc.customer.bank, lang, t), ctx),
        ],
      ],
    },
    layout: { ...ruledTable, vLineWidth: () => 0.5, paddingLeft: () => 6, paddingRight: () => 6 },
    margin: [0, 0, 0, 12],
  };
}

const numberCell = (text: string) => ({ text, alignment: 'right' as const, noWrap: true });

/** The items: header repeated on every page, rows never split, padded to the layout's minimum. */
export function itemsTable(ctx: PrintContext): ContentTable {
  const { doc, layout, lang, t, figures } = ctx;
  const header: TableCell[] = [
    t.index,
    t.item,
    t.quantity,
    `${t.unitPrice} (${figures.currency})`,
    `${t.endPrice} (${figures.currency})`,
  ].map((text, index) => ({
    text,
    style: 'tableHeader',
    alignment: index < 2 ? 'left' : 'right',
  }));
  const rows: TableCell[][] = doc.items.map((item, index) => {
    const comment = localized(item.comment, lang);
    const name: TableCell = comment
      ? { stack: [localized(item.name, lang), { text: comment, style: 'comment' }] }
      : { text: localized(item.name, lang) };
    return [
      { text: String(index + 1) },
      name,
      numberCell(formatQuantity(item.quantity, lang)),
      numberCell(formatMoney(figures.items[index].price, lang)),
      numberCell(formatMoney(figures.items[index].total, lang)),
    ];
  });
  for (let index = rows.length; index < layout.minRows; index++)
    rows.push([{ text: String(index + 1), color: '#bdbdbd' }, ' ', ' ', ' ', ' ']);
  return {
    table: { headerRows: 1, dontBreakRows: true, widths: [20, '*', 52, 104, 86], body: [header, ...rows] },
    layout: { ...ruledTable, fillColor: (row) => (row === 0 ? FILL : null) },
    margin: [0, 0, 0, 10],
  };
}

/**
 * The VAT note when the tax is not charged: the reverse-charge wording for an EU business, else the VAT type's
 * reason (vatExemptionBasis, the same wording as the editor's); the rate itself is the totals' VAT row.
 */
function vatReason(ctx: PrintContext): Content {
  const { doc, lang, t } = ctx;
  return labelled(t.vatNotCharged, vatExemptionBasis(doc, lang) || '—');
}

/** The conversion into leva: the rate, and the rounding difference from the document's converted total when any. */
function conversionNotes({ lang, t, figures }: PrintContext): Content[] {
  const { conversion } = figures;
  if (!conversion) return [];
  const rate = `1 ${conversion.from} = ${formatRate(conversion.rate, lang)} BGN`;
  const notes: Content[] = [{ text: t.converted(rate, conversion.fixed), color: MUTED, margin: [0, 6, 0, 0] }];
  if (conversion.difference !== 0) {
    const money = (value: number, currency: string) => `${formatMoney(value, lang)} ${currency}`;
    notes.push({
      text: t.roundingDifference(
        money(conversion.difference, 'BGN'),
        money(conversion.documentTotal, conversion.from),
        money(conversion.documentTotalLeva, 'BGN'),
      ),
      color: MUTED,
      margin: [0, 2, 0, 0],
    });
  }
  return notes;
}

export function totalsBlock(ctx: PrintContext): Content {
  const { doc, lang, t, figures } = ctx;
  const money = (value: number, currency = figures.currency) => `${formatMoney(value, lang)} ${currency}`;
  const credit = isCreditNotice(doc);
  const rows: TableCell[][] = [
    [t.taxBase, numberCell(money(figures.amount))],
    [t.vat(formatQuantity(doc.VATCharging ? doc.VATPercentage : 0, lang)), numberCell(money(figures.VATAmount))],
    [
      { text: credit ? t.creditTotal : t.total, bold: true },
      { ...numberCell(money(figures.totalAmount)), bold: true },
    ],
  ];
  if (figures.eurTotal !== null)
    rows.push([credit ? t.creditTotalEur : t.totalEur, numberCell(money(figures.eurTotal, 'EUR'))]);
  const notes: Content[] = [];
  // The amount in words is Bulgarian only (docs/decisions.md, "Printing").
  if (lang === 'bg')
    notes.push({
      text: [
        { text: `${t.inWords}: `, color: MUTED },
        { text: figures.words, italics: true },
      ],
      margin: [0, 0, 0, 6],
    });
  if (!doc.VATCharging) notes.push(vatReason(ctx));
  notes.push(...conversionNotes(ctx));
  if (figures.eurTotal !== null) {
    notes.push({
      text: `${credit ? t.creditTotalEur : t.totalEur}: ${t.eurAtFixedRate(`1 EUR = ${formatRate(BGN_PER_EUR, lang)} BGN`)}`,
      color: MUTED,
      margin: [0, 6, 0, 0],
    });
  }
  return {
    columns: [
      { width: '*', stack: notes },
      { width: 230, table: { widths: ['*', 'auto'], body: rows }, layout: ruledTable },
    ],
    columnGap: 16,
    unbreakable: true,
    margin: [0, 0, 0, 28],
  };
}

export function signaturesBlock({ doc, lang, t }: PrintContext): Content {
  const line = (label: string, name: string): Content => ({
    stack: [
      { text: `${label}: ____________________________` },
      { text: `(${t.signature})`, color: MUTED, fontSize: 7, margin: [70, 2, 0, 0] },
      ...(name ? [{ text: name, margin: [70, 2, 0, 0] as [number, number, number, number] }] : []),
    ],
  });
  return {
    columns: [line(t.issuedBy, localized(doc.signerName, lang)), line(t.receivedBy, '')],
    columnGap: 24,
    unbreakable: true,
  };
}
