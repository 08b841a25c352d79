/**
 * The statement of account as a PDF, in Bulgarian or Italian: the title and period, the own company and the client
 * side by side, then per currency a table of the opening balance, each document and payment with the running
 * balance, the period's turnover and the closing balance; a summary of the closing balances (never added across
 * currencies). A statement runs to thousands of lines (a client with 1 000 invoices and their payments: 2 000 lines,
 * 50 pages), which pdfmake's layout takes seconds for, so it is drawn directly with pdfkit (the printing module's
 * `drawnPdf`: the house's fonts and closed setup) in the look of the house's pdfmake prints: the same fonts, sizes,
 * ruled table with a grey header repeated on every page, header and footer ("page x of y").
 */
import { type Locale, PRODUCT_TITLE, type Statement, type StatementEntry, type StatementParty } from '@kantora/domain';
import {
  type DrawnPdf,
  drawnPdf,
  drawnPdfBytes,
  formatDate,
  formatMoney,
  localized,
  MUTED,
  RULE,
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

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { top: 50, bottom: 45 };
const LEFT = MARGIN_X;
const RIGHT = PAGE.width - MARGIN_X;
const WIDTH = RIGHT - LEFT;
/** The table's columns: date, document, number, deadline, debit, credit, balance (the star column takes the rest). */
const FIXED = [48, 54, 48, 60, 60, 66];
const COLUMNS = [FIXED[0], WIDTH - FIXED.reduce((a, b) => a + b, 0), ...FIXED.slice(1)];
const COLUMN_X = [LEFT];
for (const width of COLUMNS) COLUMN_X.push(COLUMN_X[COLUMN_X.length - 1] + width);
const PAD_X = 4;
const PAD_Y = 3;
const FONT_SIZE = 8.5;
const LINE = 1.1;
const TEXT = '#000000';
/** The rules' width: a row starts below the rule above it. */
const RULE_WIDTH = 0.5;
/** The table's face (a cell without a face of its own). */
const PLAIN_FACE: Face = {};
/** A cell's muted second line. */
const NOTE_FACE: Face = { size: 7.5, color: MUTED };

type Align = 'left' | 'right';
interface Face {
  bold?: boolean;
  italics?: boolean;
  size?: number;
  color?: string;
}

/** Draws the statement page by page: a cursor `y`, a new page (with the table's header again) when a row does not fit. */
class StatementDrawing {
  y = MARGIN.top;
  private readonly lineHeights = new Map<string, number>();

  constructor(
    readonly doc: DrawnPdf,
    readonly lang: Locale,
    readonly t: StatementLabels,
  ) {}

  private current = '';
  /** The Face object last set (most cells pass the same one: no key to compare). */
  private currentFace: Face | undefined;

  /** Forgets the face set (a new page's or another page's content does not have it). */
  resetFace() {
    this.current = '';
    this.currentFace = undefined;
  }

  face(face: Face) {
    if (face === this.currentFace) return;
    this.currentFace = face;
    const { bold = false, italics = false, size = FONT_SIZE, color = TEXT } = face;
    // Set only when it changes (most cells are in the table's face).
    const key = `${bold}/${italics}/${size}/${color}`;
    if (key === this.current) return;
    this.current = key;
    this.doc.face({ bold, italics, size }).fillColor(color);
  }

  /** The height of a line of text in a face (pdfmake's: the font's line height times the line spacing). */
  lineHeight(face: Face = {}) {
    const key = `${face.bold}/${face.italics}/${face.size ?? FONT_SIZE}`;
    let height = this.lineHeights.get(key);
    if (height === undefined) {
      this.face(face);
      height = this.doc.currentLineHeight(true) * LINE;
      this.lineHeights.set(key, height);
    }
    return height;
  }

  /** True between beginText and endText (a row's cells share one text object). */
  private inText = false;

  beginText() {
    this.doc.beginText();
    this.inText = true;
  }

  endText() {
    this.doc.endText();
    this.inText = false;
  }

  /** One line of text at (x, y), left or right aligned in a box of the given width, never wrapped. */
  text(value: string, x: number, y: number, width: number, align: Align = 'left', face: Face = PLAIN_FACE) {
    if (!value) return;
    this.face(face);
    const left = align === 'right' ? x + width - this.doc.widthOfString(value) : x;
    if (this.inText) this.doc.lineAt(value, left, y);
    else this.doc.beginText().lineAt(value, left, y).endText();
  }

  /** Text wrapped in a width (the few long texts: names, addresses, notes); answers its height. */
  wrapped(value: string, x: number, y: number, width: number, face: Face = {}) {
    this.face(face);
    const options = { width, lineGap: this.lineHeight(face) - this.doc.currentLineHeight(true) };
    this.doc.text(value, x, y, options);
    return this.doc.heightOfString(value, options);
  }

  /**
   * The page's rules (x1, y1, x2, y2), stroked together when the page is done (`strokeRules`): one path of the same
   * width and colour instead of a path, width, colour and stroke each. Nothing is drawn over a rule, so painting them
   * last shows the same page.
   */
  private rules: number[] = [];

  hline(y: number, from = LEFT, to = RIGHT) {
    this.rules.push(from, y, to, y);
  }

  vline(x: number, top: number, bottom: number) {
    this.rules.push(x, top, x, bottom);
  }

  /** Strokes the rules drawn on the current page. */
  strokeRules() {
    const rules = this.rules;
    if (rules.length === 0) return;
    this.doc.lineWidth(0.5).strokeColor(RULE);
    for (let i = 0; i < rules.length; i += 4)
      this.doc.moveTo(rules[i], rules[i + 1]).lineTo(rules[i + 2], rules[i + 3]);
    this.doc.stroke();
    this.rules = [];
  }

  fill(x: number, y: number, width: number, height: number) {
    this.doc.rect(x, y, width, height).fillColor(FILL).fill();
    this.resetFace();
  }

  newPage() {
    this.strokeRules();
    this.doc.addPage();
    this.y = MARGIN.top;
    this.resetFace();
  }

  /** Room left on the page from the cursor. */
  get room() {
    return PAGE.height - MARGIN.bottom - this.y;
  }
}

function partyLines(d: StatementDrawing, party: StatementParty | null, x: number, y: number, width: number): number {
  if (!party) return 0;
  const { lang, t } = d;
  // A stack with a line spacing of 1.2: the name, then "label: value" lines (the label muted).
  const spacing = 1.2 / LINE;
  const nameLine = d.lineHeight({ bold: true, size: 10 }) * spacing;
  const line = d.lineHeight() * spacing;
  const name = localized(party.name, lang);
  d.face({ bold: true, size: 10 });
  const nameOptions = { width, lineGap: nameLine - d.doc.currentLineHeight(true) };
  d.doc.text(name, x, y, nameOptions);
  let height = Math.max(1, Math.round(d.doc.heightOfString(name, nameOptions) / nameLine)) * nameLine;
  const labelled = (label: string, value: string) => {
    d.face({});
    const prefix = `${label}: `;
    const prefixWidth = d.doc.widthOfString(prefix);
    d.text(prefix, x, y + height, prefixWidth, 'left', { color: MUTED });
    if (prefixWidth + d.doc.widthOfString(value) <= width) {
      d.text(value, x + prefixWidth, y + height, width - prefixWidth);
      height += line;
    } else {
      // Too long for one line: the value wrapped under its label.
      height += line;
      d.face({});
      const options = { width, lineGap: line - d.doc.currentLineHeight(true) };
      d.doc.text(value, x, y + height, options);
      height += Math.ceil(d.doc.heightOfString(value, options) / line) * line;
    }
  };
  const address = localized(party.address, lang);
  if (address) labelled(t.address, address);
  if (party.bulstat) labelled(t.eik, party.bulstat);
  if (party.vatNumber) labelled(t.vatNumber, party.vatNumber);
  return height;
}

function drawTop(d: StatementDrawing, s: Statement) {
  const { t, lang } = d;
  const client = localized(s.client.name, lang);
  const period = `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;
  // The title and client on the left, the period and the date made on the right (200 wide).
  const boxX = RIGHT - 200;
  d.text(t.title, LEFT, d.y, boxX - 16 - LEFT, 'left', { bold: true, size: 20 });
  const titleHeight = d.lineHeight({ bold: true, size: 20 });
  const leftHeight = titleHeight + 2 + d.wrapped(client, LEFT, d.y + titleHeight + 2, boxX - 16 - LEFT, { size: 12 });
  const row = d.lineHeight() + 2 * PAD_Y;
  for (const [i, [label, value]] of [
    [t.period, period],
    [t.made, formatDate(s.today)],
  ].entries()) {
    d.text(label, boxX + PAD_X, d.y + i * row + PAD_Y, 80, 'left', { color: MUTED });
    d.text(value, boxX, d.y + i * row + PAD_Y, 200 - PAD_X, 'right');
  }
  d.y += Math.max(leftHeight, 2 * row) + 12;

  // The parties: a ruled box of two columns with a grey header row.
  const half = WIDTH / 2;
  const top = d.y;
  const headHeight = d.lineHeight({ bold: true }) + 2 * PAD_Y;
  d.fill(LEFT, top, WIDTH, headHeight);
  d.text(t.provider, LEFT + 6, top + PAD_Y, half - 12, 'left', { bold: true });
  d.text(t.client, LEFT + half + 6, top + PAD_Y, half - 12, 'left', { bold: true });
  const cardTop = top + headHeight + PAD_Y;
  const height = Math.max(
    partyLines(d, s.provider, LEFT + 6, cardTop, half - 12),
    partyLines(d, s.client, LEFT + half + 6, cardTop, half - 12),
  );
  const bottom = cardTop + height + PAD_Y;
  for (const y of [top, top + headHeight, bottom]) d.hline(y);
  for (const x of [LEFT, LEFT + half, RIGHT]) d.vline(x, top, bottom);
  d.y = bottom + 14;
}

/** A table row: cells by column (a span of the first four columns for the opening, turnover and closing rows). */
interface Cell {
  text: string;
  column: number;
  span?: number;
  align?: Align;
  face?: Face;
  /** A muted second line (the invoice a notice changes, the document a payment settles). */
  note?: string;
}

function drawCurrency(d: StatementDrawing, part: Statement['currencies'][number], s: Statement) {
  const { t, lang } = d;
  const code = part.currency || '—';
  const money = (value: number) => (value === 0 ? '' : formatMoney(value, lang));
  const line = d.lineHeight();
  const noteLine = d.lineHeight(NOTE_FACE);
  const plain = line + 2 * PAD_Y;
  const withNote = line + noteLine + 2 * PAD_Y;
  const headHeight = d.lineHeight({ bold: true, size: 8 }) + 2 * PAD_Y;
  const titleHeight = d.lineHeight({ bold: true, size: 11 }) + 4;
  const header = [
    t.date,
    t.document,
    t.number,
    t.deadline,
    `${t.debit} (${code})`,
    `${t.credit} (${code})`,
    `${t.balance} (${code})`,
  ];
  let tableTop = d.y;

  const closeTable = () => {
    for (const x of [LEFT, RIGHT]) d.vline(x, tableTop, d.y);
  };
  const drawHeader = () => {
    tableTop = d.y;
    d.fill(LEFT, d.y, WIDTH, headHeight);
    d.hline(d.y);
    for (const [i, text] of header.entries())
      d.text(text, COLUMN_X[i] + PAD_X, d.y + PAD_Y, COLUMNS[i] - 2 * PAD_X, i >= 4 ? 'right' : 'left', {
        bold: true,
        size: 8,
      });
    d.y += headHeight;
    d.hline(d.y);
    d.y += RULE_WIDTH;
  };
  const row = (cells: Cell[], height: number, fill = false) => {
    if (d.room < height + RULE_WIDTH) {
      closeTable();
      d.newPage();
      drawHeader();
    }
    if (fill) d.fill(LEFT, d.y, WIDTH, height);
    // The row's cells in one text object.
    d.beginText();
    for (const cell of cells) {
      const x = COLUMN_X[cell.column];
      const width = COLUMN_X[cell.column + (cell.span ?? 1)] - x;
      d.text(cell.text, x + PAD_X, d.y + PAD_Y, width - 2 * PAD_X, cell.align ?? 'left', cell.face);
      if (cell.note) d.text(cell.note, x + PAD_X, d.y + PAD_Y + line, width - 2 * PAD_X, 'left', NOTE_FACE);
    }
    d.endText();
    d.y += height;
    d.hline(d.y);
    d.y += RULE_WIDTH;
  };

  // The currency's title stays with the header and a first row.
  if (d.room < titleHeight + headHeight + withNote) d.newPage();
  d.text(`${t.currency}: ${code}`, LEFT, d.y, WIDTH, 'left', { bold: true, size: 11 });
  d.y += titleHeight;
  drawHeader();
  const bold = { bold: true };
  row(
    [
      { text: t.opening(formatDate(dayBefore(s.fromDate))), column: 0, span: 4, face: bold },
      { text: formatMoney(part.opening, lang), column: 6, align: 'right', face: bold },
    ],
    plain,
  );
  if (part.entries.length === 0)
    row([{ text: t.noEntries, column: 0, span: 4, face: { italics: true, color: MUTED } }], plain);
  for (const entry of part.entries) row(...entryRow(entry, t, money, lang, plain, withNote));
  row(
    [
      { text: t.turnover, column: 0, span: 4 },
      { text: formatMoney(part.debit, lang), column: 4, align: 'right' },
      { text: formatMoney(part.credit, lang), column: 5, align: 'right' },
    ],
    plain,
  );
  row(
    [
      { text: t.closing(formatDate(s.toDate)), column: 0, span: 4, face: bold },
      { text: formatMoney(part.closing, lang), column: 6, align: 'right', face: bold },
    ],
    plain,
    true,
  );
  closeTable();
  d.y += 12;
}

function entryRow(
  entry: StatementEntry,
  t: StatementLabels,
  money: (value: number) => string,
  lang: Locale,
  plain: number,
  withNote: number,
): [Cell[], number] {
  let what: string;
  let note: string | undefined;
  if (entry.kind === 'payment') {
    what = entry.debit > 0 ? t.kinds.refund : t.kinds.payment;
    note = t.paymentOf(entry.reference ?? '');
  } else {
    what = t.kinds[entry.kind];
    if (entry.reference) note = t.toInvoice(entry.reference);
  }
  return [
    [
      { text: formatDate(entry.date), column: 0 },
      { text: what, column: 1, note },
      { text: entry.kind === 'payment' ? '' : (entry.number ?? ''), column: 2 },
      { text: formatDate(entry.deadline), column: 3 },
      { text: money(entry.debit), column: 4, align: 'right' },
      { text: money(entry.credit), column: 5, align: 'right' },
      { text: formatMoney(entry.balance, lang), column: 6, align: 'right' },
    ],
    note ? withNote : plain,
  ];
}

function drawSummary(d: StatementDrawing, s: Statement) {
  const { t, lang } = d;
  const boxWidth = 200;
  const boxX = RIGHT - boxWidth;
  const textWidth = boxX - 16 - LEFT;
  const row = d.lineHeight({ bold: true }) + 2 * PAD_Y;
  const boxHeight = d.lineHeight({ bold: true }) + 3 + s.currencies.length * row;
  d.face({});
  const notes =
    d.doc.heightOfString(t.sign, { width: textWidth }) + 4 + d.doc.heightOfString(t.issued, { width: textWidth });
  // Kept together on one page.
  if (d.room < Math.max(boxHeight, notes) + 4) d.newPage();
  const top = d.y + 4;
  const signHeight = d.wrapped(t.sign, LEFT, top, textWidth, { color: MUTED });
  d.wrapped(t.issued, LEFT, top + signHeight + 4, textWidth, { color: MUTED });
  d.text(t.closing(formatDate(s.toDate)), boxX, top, boxWidth, 'left', { bold: true });
  const tableTop = top + d.lineHeight({ bold: true }) + 3;
  d.hline(tableTop, boxX, RIGHT);
  s.currencies.forEach((part, i) => {
    const y = tableTop + i * row;
    d.text(part.currency || '—', boxX + PAD_X, y + PAD_Y, 60, 'left');
    d.text(`${formatMoney(part.closing, lang)} ${part.currency}`.trim(), boxX, y + PAD_Y, boxWidth - PAD_X, 'right', {
      bold: true,
    });
    d.hline(y + row, boxX, RIGHT);
  });
  d.vline(boxX, tableTop, tableTop + s.currencies.length * row);
  d.vline(RIGHT, tableTop, tableTop + s.currencies.length * row);
  d.y = top + Math.max(boxHeight, notes);
}

/** The header and footer of every page, once the pages are known. */
function drawPageFrames(d: StatementDrawing, s: Statement) {
  const { t, lang } = d;
  const provider = s.provider ? localized(s.provider.name, lang) : '';
  const period = `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;
  const range = d.doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    d.doc.switchToPage(i);
    d.resetFace();
    // Drawing in the margins: pdfkit would add a page for text below the bottom margin.
    const bottom = d.doc.page.margins.bottom;
    d.doc.page.margins.bottom = 0;
    d.text(provider, LEFT, 22, WIDTH / 2, 'left', { size: 8, color: MUTED });
    d.text(`${t.title} · ${period}`, LEFT + WIDTH / 2, 22, WIDTH / 2, 'right', { size: 8, color: MUTED });
    const footer = PAGE.height - MARGIN.bottom + 14;
    d.text(t.vendor, LEFT, footer, WIDTH / 2, 'left', { size: 7, color: MUTED });
    d.text(t.page(i + 1, range.count), LEFT + WIDTH / 2, footer, WIDTH / 2, 'right', { size: 8 });
    d.doc.page.margins.bottom = bottom;
  }
}

/** The PDF of a statement in a language. */
export function statementPdf(s: Statement, lang: Locale): Promise<Buffer> {
  const t = STATEMENT_LABELS[lang];
  const provider = s.provider ? localized(s.provider.name, lang) : '';
  const client = localized(s.client.name, lang);
  const period = `${formatDate(s.fromDate)} – ${formatDate(s.toDate)}`;
  const doc = drawnPdf({
    size: 'A4',
    margins: { top: MARGIN.top, bottom: MARGIN.bottom, left: LEFT, right: MARGIN_X },
    lang,
    info: {
      Title: `${t.title} ${client} ${period}`,
      Author: provider,
      Creator: PRODUCT_TITLE,
      Producer: PRODUCT_TITLE,
    },
  });
  const d = new StatementDrawing(doc, lang, t);
  drawTop(d, s);
  if (s.currencies.length === 0) d.wrapped(t.empty(formatDate(s.toDate)), LEFT, d.y, WIDTH, { italics: true });
  for (const part of s.currencies) drawCurrency(d, part, s);
  if (s.currencies.length > 0) drawSummary(d, s);
  d.strokeRules();
  drawPageFrames(d, s);
  return drawnPdfBytes(doc);
}
