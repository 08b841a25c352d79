/**
 * The statement of account as a PDF, in Bulgarian or Italian, drawn with the house's closed pdfmake setup and parts
 * (printing/index.ts): the title and period, the own company and the client side by side, then per currency a table
 * of the opening balance, each document and payment with the running balance, the period's turnover and the closing
 * balance; a summary of the closing balances (never added across currencies).
 */
import { type Locale, PRODUCT_TITLE, type Statement, type StatementEntry, type StatementParty } from '@kantora/domain';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import {
  formatDate,
  formatMoney,
  localized,
  MUTED,
  PDF_FONT,
  pdfFromDefinition,
  ruledTable,
} from '../printing/index.ts';

const MARGIN_X = 40;
const FILL = '#eeeeee';

const bg = {
  title: 'ИЗВЛЕЧЕНИЕ ПО СМЕТКА',
  period: 'Период',
  made: 'Дата на съставяне',
  provider: 'Доставчик',
  client: 'Клиент',
  address: 'Адрес',
  eik: 'ЕИК',
  vatNumber: 'ИН по ЗДДС',
  currency: 'Валута',
  date: 'Дата',
  document: 'Документ',
  number: '№',
  deadline: 'Падеж',
  debit: 'Дебит',
  credit: 'Кредит',
  balance: 'Салдо',
  kinds: {
    invoice: 'Фактура',
    credit: 'Кредитно известие',
    debit: 'Дебитно известие',
    payment: 'Плащане',
    refund: 'Възстановена сума',
  },
  toInvoice: (number: string) => `към фактура № ${number}`,
  paymentOf: (number: string) => `по документ № ${number}`,
  opening: (date: string) => `Начално салдо към ${date}`,
  turnover: 'Обороти за периода',
  closing: (date: string) => `Крайно салдо към ${date}`,
  summary: 'Крайни салда',
  noEntries: 'Няма документи и плащания през периода.',
  empty: (date: string) => `Клиентът няма издадени фактури и известия до ${date}.`,
  sign: 'Положително салдо: сума, която клиентът дължи; отрицателно: сума в полза на клиента. Салдата в различни валути не се събират.',
  issued: 'Издадени фактури и известия и плащанията по тях; проформа фактури не се включват.',
  vendor: `Документът е създаден с ${PRODUCT_TITLE}`,
  page: (page: number, pages: number) => `Страница ${page} от ${pages}`,
};

type StatementLabels = typeof bg;

const it: StatementLabels = {
  title: 'ESTRATTO CONTO',
  period: 'Periodo',
  made: 'Data di emissione',
  provider: 'Fornitore',
  client: 'Cliente',
  address: 'Indirizzo',
  eik: 'EIK',
  vatNumber: 'Partita IVA',
  currency: 'Valuta',
  date: 'Data',
  document: 'Documento',
  number: 'N.',
  deadline: 'Scadenza',
  debit: 'Dare',
  credit: 'Avere',
  balance: 'Saldo',
  kinds: {
    invoice: 'Fattura',
    credit: 'Nota di credito',
    debit: 'Nota di debito',
    payment: 'Pagamento',
    refund: 'Rimborso',
  },
  toInvoice: (number) => `relativa alla fattura n. ${number}`,
  paymentOf: (number) => `del documento n. ${number}`,
  opening: (date) => `Saldo iniziale al ${date}`,
  turnover: 'Movimenti del periodo',
  closing: (date) => `Saldo finale al ${date}`,
  summary: 'Saldi finali',
  noEntries: 'Nessun documento o pagamento nel periodo.',
  empty: (date) => `Il cliente non ha fatture o note emesse fino al ${date}.`,
  sign: 'Saldo positivo: importo dovuto dal cliente; negativo: importo a favore del cliente. I saldi in valute diverse non si sommano.',
  issued: 'Fatture e note emesse e i relativi pagamenti; le fatture proforma non sono incluse.',
  vendor: `Documento generato con ${PRODUCT_TITLE}`,
  page: (page, pages) => `Pagina ${page} di ${pages}`,
};

export const STATEMENT_LABELS: Record<Locale, StatementLabels> = { bg, it };

/** The day before a date (the opening balance is the balance at the end of the day before the period). */
const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const right = (text: string, extra: Record<string, unknown> = {}): TableCell => ({
  text,
  alignment: 'right',
  ...extra,
});
const labelled = (label: string, value: string): Content => ({ text: [{ text: `${label}: `, color: MUTED }, value] });

function partyCard(party: StatementParty | null, lang: Locale, t: StatementLabels): Content {
  if (!party) return { text: '' };
  const lines: Content[] = [{ text: localized(party.name, lang), bold: true, fontSize: 10 }];
  const address = localized(party.address, lang);
  if (address) lines.push(labelled(t.address, address));
  if (party.bulstat) lines.push(labelled(t.eik, party.bulstat));
  if (party.vatNumber) lines.push(labelled(t.vatNumber, party.vatNumber));
  return { stack: lines, lineHeight: 1.2 };
}

function entryCells(entry: StatementEntry, lang: Locale, t: StatementLabels): TableCell[] {
  const money = (value: number) => (value === 0 ? '' : formatMoney(value, lang));
  // The invoice a notice changes or the document a payment settles: a muted second line.
  const withReference = (label: string, reference: string): TableCell => ({
    stack: [label, { text: reference, color: MUTED, fontSize: 7.5 }],
  });
  let what: TableCell;
  if (entry.kind === 'payment')
    what = withReference(entry.debit > 0 ? t.kinds.refund : t.kinds.payment, t.paymentOf(entry.reference ?? ''));
  else if (entry.reference) what = withReference(t.kinds[entry.kind], t.toInvoice(entry.reference));
  else what = { text: t.kinds[entry.kind] };
  return [
    { text: formatDate(entry.date) },
    what,
    { text: entry.kind === 'payment' ? '' : (entry.number ?? '') },
    { text: formatDate(entry.deadline) },
    right(money(entry.debit)),
    right(money(entry.credit)),
    right(formatMoney(entry.balance, lang)),
  ];
}

function currencyBlock(
  part: Statement['currencies'][number],
  s: Statement,
  lang: Locale,
  t: StatementLabels,
): Content[] {
  const head = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({
    text,
    alignment,
    style: 'tableHeader',
    fillColor: FILL,
  });
  const code = part.currency || '—';
  const header: TableCell[] = [
    head(t.date),
    head(t.document),
    head(t.number),
    head(t.deadline),
    head(`${t.debit} (${code})`, 'right'),
    head(`${t.credit} (${code})`, 'right'),
    head(`${t.balance} (${code})`, 'right'),
  ];
  const span = (text: string, extra: Record<string, unknown> = {}): TableCell[] => [
    { text, colSpan: 4, ...extra },
    {},
    {},
    {},
  ];
  const body: TableCell[][] = [
    header,
    [
      ...span(t.opening(formatDate(dayBefore(s.fromDate))), { bold: true }),
      '',
      '',
      right(formatMoney(part.opening, lang), { bold: true }),
    ],
    ...(part.entries.length > 0
      ? part.entries.map((entry) => entryCells(entry, lang, t))
      : [[...span(t.noEntries, { italics: true, color: MUTED }), '', '', '']]),
    [...span(t.turnover), right(formatMoney(part.debit, lang)), right(formatMoney(part.credit, lang)), ''],
    [
      ...span(t.closing(formatDate(s.toDate)), { bold: true }),
      '',
      '',
      right(formatMoney(part.closing, lang), { bold: true }),
    ],
  ];
  return [
    { text: `${t.currency}: ${code}`, style: 'currency' },
    {
      table: { headerRows: 1, widths: [48, '*', 54, 48, 60, 60, 66], body },
      layout: {
        ...ruledTable,
        fillColor: (row: number) => (row === body.length - 1 ? FILL : null),
      },
      margin: [0, 0, 0, 12],
    },
  ];
}

function summaryBlock(s: Statement, lang: Locale, t: StatementLabels): Content {
  const rows: TableCell[][] = s.currencies.map((part) => [
    { text: part.currency || '—' },
    right(`${formatMoney(part.closing, lang)} ${part.currency}`.trim(), { bold: true }),
  ]);
  return {
    columns: [
      {
        width: '*',
        stack: [
          { text: t.sign, color: MUTED },
          { text: t.issued, color: MUTED, margin: [0, 4, 0, 0] },
        ],
      },
      {
        width: 200,
        stack: [
          { text: `${t.closing(formatDate(s.toDate))}`, bold: true, margin: [0, 0, 0, 3] },
          { table: { widths: ['*', 'auto'], body: rows }, layout: ruledTable },
        ],
      },
    ],
    columnGap: 16,
    unbreakable: true,
    margin: [0, 4, 0, 0],
  };
}

/** The pdfmake definition of a statement (exported for tests of the structure). */
export function statementDefinition(s: Statement, lang: Locale): TDocumentDefinitions {
  const t = STATEMENT_LABELS[lang];
  const provider = s.provider ? localized(s.provider.name, lang) : '';
  const client = localized(s.client.name, lang);
  const period = `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;
  const content: Content[] = [
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: t.title, style: 'title' },
            { text: client, style: 'subtitle' },
          ],
        },
        {
          width: 200,
          table: {
            widths: ['auto', '*'],
            body: [
              [{ text: t.period, color: MUTED }, right(period)],
              [{ text: t.made, color: MUTED }, right(formatDate(s.today))],
            ],
          },
          layout: 'noBorders',
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 12],
    },
    {
      table: {
        widths: ['*', '*'],
        body: [
          [
            { text: t.provider, bold: true, fillColor: FILL },
            { text: t.client, bold: true, fillColor: FILL },
          ],
          [partyCard(s.provider, lang, t), partyCard(s.client, lang, t)],
        ],
      },
      layout: { ...ruledTable, vLineWidth: () => 0.5, paddingLeft: () => 6, paddingRight: () => 6 },
      margin: [0, 0, 0, 14],
    },
  ];
  if (s.currencies.length === 0) content.push({ text: t.empty(formatDate(s.toDate)), italics: true });
  for (const part of s.currencies) content.push(...currencyBlock(part, s, lang, t));
  if (s.currencies.length > 0) content.push(summaryBlock(s, lang, t));
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN_X, 50, MARGIN_X, 45],
    info: {
      title: `${t.title} ${client} ${period}`,
      author: provider,
      creator: PRODUCT_TITLE,
      producer: PRODUCT_TITLE,
    },
    language: lang,
    defaultStyle: { font: PDF_FONT, fontSize: 8.5, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 20, bold: true, characterSpacing: 0.5 },
      subtitle: { fontSize: 12, margin: [0, 2, 0, 0] },
      currency: { fontSize: 11, bold: true, margin: [0, 0, 0, 4] },
      tableHeader: { bold: true, fontSize: 8 },
    },
    header: () => ({
      columns: [
        { text: provider, color: MUTED, fontSize: 8 },
        { text: `${t.title} · ${period}`, color: MUTED, fontSize: 8, alignment: 'right' },
      ],
      margin: [MARGIN_X, 22, MARGIN_X, 0],
    }),
    footer: (currentPage: number, pageCount: number) => ({
      columns: [
        { text: t.vendor, color: MUTED, fontSize: 7 },
        { text: t.page(currentPage, pageCount), alignment: 'right', fontSize: 8 },
      ],
      margin: [MARGIN_X, 14, MARGIN_X, 0],
    }),
    content,
  };
}

/** The PDF of a statement in a language. */
export function statementPdf(s: Statement, lang: Locale): Promise<Buffer> {
  return pdfFromDefinition(statementDefinition(s, lang));
}
