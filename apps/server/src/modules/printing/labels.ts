/** The printed layouts' words in Bulgarian and Italian, and the number and date formats of each. */
import { type Locale, PRODUCT_TITLE, roundHalfAway, VAT_EXEMPTION_TEXTS } from '@kantora/domain';

const bg = {
  invoice: 'ФАКТУРА',
  creditNotice: 'КРЕДИТНО ИЗВЕСТИЕ',
  debitNotice: 'ДЕБИТНО ИЗВЕСТИЕ',
  proforma: 'ПРОФОРМА ФАКТУРА',
  original: 'ОРИГИНАЛ',
  copy: 'КОПИЕ',
  draft: 'ЧЕРНОВА',
  number: '№',
  draftNumber: 'без номер (чернова)',
  date: 'Дата на издаване',
  taxDate: 'Дата на данъчното събитие',
  paymentDeadline: 'Срок за плащане',
  paymentType: 'Начин на плащане',
  currency: 'Валута',
  rate: 'Курс към лев',
  /** A layout converted to leva: the document's currency and the rate. */
  convertedFrom: 'Валута на документа, курс',
  provider: 'Доставчик',
  recipient: 'Получател',
  address: 'Адрес',
  eik: 'ЕИК',
  vatNumber: 'ИН по ЗДДС',
  responsiblePerson: 'МОЛ',
  bank: 'Банка',
  bic: 'BIC',
  iban: 'IBAN',
  toInvoice: (number: string, date: string) => `Към фактура № ${number} от ${date}`,
  fromProforma: (number: string) => `По проформа фактура № ${number}`,
  noticeReason: 'Основание',
  index: '№',
  item: 'Продукт или услуга',
  quantity: 'Количество',
  unitPrice: 'Ед. цена без ДДС',
  endPrice: 'Стойност',
  taxBase: 'Данъчна основа',
  vat: (percentage: string) => `ДДС ${percentage}%`,
  total: 'Сума за плащане',
  totalEur: 'Сума за плащане в евро',
  /** A credit notice's total: the amount credited (nothing is to pay). */
  creditTotal: 'Кредитирана сума',
  creditTotalEur: 'Кредитирана сума в евро',
  vatNotCharged: VAT_EXEMPTION_TEXTS.bg.label,
  inWords: 'Словом',
  /** `rate`: "1 EUR = 1,95583 BGN". */
  converted: (rate: string, fixed: boolean) =>
    `Сумите са в лева, преизчислени по ${fixed ? 'фиксирания ' : ''}курс ${rate}; всеки ред е количество × преизчислената цена.`,
  roundingDifference: (difference: string, documentTotal: string, documentTotalLeva: string) =>
    `Разлика от закръгляне: ${difference} спрямо общата сума на документа ${documentTotal} = ${documentTotalLeva}.`,
  eurAtFixedRate: (rate: string) => `по фиксирания курс ${rate}`,
  issuedBy: 'Съставил',
  receivedBy: 'Получил',
  signature: 'подпис',
  vendor: `Документът е създаден с ${PRODUCT_TITLE}`,
  page: (page: number, pages: number) => `Страница ${page} от ${pages}`,
};

export type PrintLabels = typeof bg;

const it: PrintLabels = {
  invoice: 'FATTURA',
  creditNotice: 'NOTA DI CREDITO',
  debitNotice: 'NOTA DI DEBITO',
  proforma: 'FATTURA PROFORMA',
  original: 'ORIGINALE',
  copy: 'COPIA',
  draft: 'BOZZA',
  number: 'N.',
  draftNumber: 'senza numero (bozza)',
  date: 'Data di emissione',
  taxDate: "Data dell'operazione imponibile",
  paymentDeadline: 'Scadenza del pagamento',
  paymentType: 'Modalità di pagamento',
  currency: 'Valuta',
  rate: 'Cambio in lev',
  convertedFrom: 'Valuta del documento, cambio',
  provider: 'Fornitore',
  recipient: 'Destinatario',
  address: 'Indirizzo',
  eik: 'EIK',
  vatNumber: 'Partita IVA',
  responsiblePerson: 'Legale rappresentante',
  bank: 'Banca',
  bic: 'BIC',
  iban: 'IBAN',
  toInvoice: (number, date) => `Relativa alla fattura n. ${number} del ${date}`,
  fromProforma: (number) => `Dalla fattura proforma n. ${number}`,
  noticeReason: 'Motivo',
  index: 'N.',
  item: 'Prodotto o servizio',
  quantity: 'Quantità',
  unitPrice: 'Prezzo unitario IVA esclusa',
  endPrice: 'Importo',
  taxBase: 'Imponibile',
  vat: (percentage) => `IVA ${percentage}%`,
  total: 'Totale da pagare',
  totalEur: 'Totale in euro',
  creditTotal: 'Importo accreditato',
  creditTotalEur: 'Importo accreditato in euro',
  vatNotCharged: VAT_EXEMPTION_TEXTS.it.label,
  inWords: 'In lettere',
  converted: (rate, fixed) =>
    `Importi in lev, convertiti al cambio ${fixed ? 'fisso ' : ''}${rate}; ogni riga è quantità × prezzo convertito.`,
  roundingDifference: (difference, documentTotal, documentTotalLeva) =>
    `Differenza di arrotondamento: ${difference} rispetto al totale del documento ${documentTotal} = ${documentTotalLeva}.`,
  eurAtFixedRate: (rate) => `al cambio fisso ${rate}`,
  issuedBy: 'Emesso da',
  receivedBy: 'Ricevuto da',
  signature: 'firma',
  vendor: `Documento generato con ${PRODUCT_TITLE}`,
  page: (page, pages) => `Pagina ${page} di ${pages}`,
};

export const PRINT_LABELS: Record<Locale, PrintLabels> = { bg, it };

/** Thousands separators: a no-break space in Bulgarian, a dot in Italian; the decimal comma in both. */
const GROUP: Record<Locale, string> = { bg: '\u00a0', it: '.' };

/**
 * A number with `min` to `max` decimals, rounded half away from zero, every thousand grouped (also in
 * 4-digit numbers, so a column reads evenly). Done here rather than by Intl, whose data for bg/it a Node
 * built with small ICU lacks.
 */
export function formatNumber(value: number, lang: Locale, min: number, max: number): string {
  const rounded = roundHalfAway(value, max);
  const [whole, fraction = ''] = Math.abs(rounded).toFixed(max).split('.');
  let decimals = fraction;
  while (decimals.length > min && decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[lang]);
  return `${rounded < 0 ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** 1234.5 → "1 234,50" (bg) or "1.234,50" (it). */
export const formatMoney = (value: number, lang: Locale) => formatNumber(value, lang, 2, 2);
/** A quantity or a percentage, with up to 3 decimals. */
export const formatQuantity = (value: number, lang: Locale) => formatNumber(value, lang, 0, 3);
/** A rate as stored (up to 6 decimals). */
export const formatRate = (value: number, lang: Locale) => formatNumber(value, lang, 0, 6);
/** YYYY-MM-DD → dd.MM.yyyy (the house's display format in both languages). */
export const formatDate = (value: string | null | undefined) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
};
