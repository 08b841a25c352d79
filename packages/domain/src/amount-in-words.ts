/**
 * An amount in Bulgarian words, as printed on invoices ("Словом: ..."): the whole units and always the
 * cents, also "нула"; no abbreviations (docs/architecture.md, "Money and totals").
 *
 * Leva: "лев" is masculine (един лев, два лева, двадесет и един лева), "стотинка" feminine (една
 * стотинка, две стотинки). Euro: "евро" is neuter and has no plural (едно евро, две евро), "цент"
 * masculine (един цент, два цента).
 */
import { multiplyCents, toCents } from './money.ts';

export type WordsCurrency = 'BGN' | 'EUR';
type Gender = 'm' | 'f' | 'n';

const ONES: Record<Gender, readonly string[]> = {
  m: ['нула', 'един', 'два', 'три', 'четири', 'пет', 'шест', 'седем', 'осем', 'девет'],
  f: ['нула', 'една', 'две', 'три', 'четири', 'пет', 'шест', 'седем', 'осем', 'девет'],
  n: ['нула', 'едно', 'две', 'три', 'четири', 'пет', 'шест', 'седем', 'осем', 'девет'],
};
const TEENS = [
  'десет',
  'единадесет',
  'дванадесет',
  'тринадесет',
  'четиринадесет',
  'петнадесет',
  'шестнадесет',
  'седемнадесет',
  'осемнадесет',
  'деветнадесет',
];
const TENS = [
  '',
  '',
  'двадесет',
  'тридесет',
  'четиридесет',
  'петдесет',
  'шестдесет',
  'седемдесет',
  'осемдесет',
  'деветдесет',
];
const HUNDREDS = [
  '',
  'сто',
  'двеста',
  'триста',
  'четиристотин',
  'петстотин',
  'шестстотин',
  'седемстотин',
  'осемстотин',
  'деветстотин',
];

/**
 * The words of 1..999 as separate parts (hundreds, tens, units; a teen or a round ten is one part),
 * "и" already placed before the last part when there are several: 121 → сто двадесет и едно.
 */
function triple(value: number, gender: Gender): string[] {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(HUNDREDS[hundreds]);
  if (rest >= 10 && rest < 20) parts.push(TEENS[rest - 10]);
  else {
    if (rest >= 20) parts.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10 > 0) parts.push(ONES[gender][rest % 10]);
  }
  if (parts.length > 1) parts.splice(parts.length - 1, 0, 'и');
  return parts;
}

/** One group of the number: its count in words followed by the scale noun (хиляди, милиона, ...). */
interface Group {
  words: string[];
  /** True when the group reads as one numeral (no "и" of its own): a following-"и" may join it. */
  simple: boolean;
}

const SCALES: ReadonlyArray<{ value: number; one: string; many: string; gender: Gender }> = [
  { value: 1_000_000_000, one: 'един милиард', many: 'милиарда', gender: 'm' },
  { value: 1_000_000, one: 'един милион', many: 'милиона', gender: 'm' },
  { value: 1000, one: 'хиляда', many: 'хиляди', gender: 'f' },
];

/** A whole non-negative number in words, the units in the given gender: 2 (m) → два, 2 (n) → две. */
export function integerInWords(value: number, gender: Gender = 'm'): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('a whole non-negative number is expected');
  if (value >= 1_000_000_000_000) throw new RangeError('amount too large to spell');
  if (value === 0) return ONES[gender][0];
  const groups: Group[] = [];
  let rest = value;
  for (const scale of SCALES) {
    const count = Math.floor(rest / scale.value);
    rest %= scale.value;
    if (count === 0) continue;
    if (count === 1) groups.push({ words: [scale.one], simple: true });
    else {
      const words = triple(count, scale.gender);
      groups.push({ words: [...words, scale.many], simple: !words.includes('и') });
    }
  }
  if (rest > 0) {
    const words = triple(rest, gender);
    groups.push({ words, simple: !words.includes('и') });
  }
  // "и" joins the last group when it is a single numeral: хиляда и едно, две хиляди и петстотин,
  // but хиляда сто двадесет и едно.
  const last = groups[groups.length - 1];
  if (groups.length > 1 && last.simple) last.words.unshift('и');
  return groups.flatMap((group) => group.words).join(' ');
}

const UNITS: Record<
  WordsCurrency,
  { gender: Gender; one: string; many: string; centGender: Gender; cent: string; cents: string }
> = {
  BGN: { gender: 'm', one: 'лев', many: 'лева', centGender: 'f', cent: 'стотинка', cents: 'стотинки' },
  EUR: { gender: 'n', one: 'евро', many: 'евро', centGender: 'm', cent: 'цент', cents: 'цента' },
};

/** Integer cents in words: 12345 BGN → "сто двадесет и три лева и четиридесет и пет стотинки". */
export function centsInWords(cents: number, currency: WordsCurrency): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a safe integer');
  const unit = UNITS[currency];
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const fraction = absolute % 100;
  const wholeWords = `${integerInWords(whole, unit.gender)} ${whole === 1 ? unit.one : unit.many}`;
  const centWords = `${integerInWords(fraction, unit.centGender)} ${fraction === 1 ? unit.cent : unit.cents}`;
  return `${cents < 0 ? 'минус ' : ''}${wholeWords} и ${centWords}`;
}

/** An amount (at most 2 decimals, rounded half away from zero) in words in leva or euro. */
export function amountInWords(amount: number, currency: WordsCurrency): string {
  return centsInWords(toCents(amount), currency);
}

/**
 * The words a document prints for its total: a BGN or EUR document spells its own total; a document in
 * any other currency spells `total × currencyRate` in leva (docs/architecture.md, "Money and totals").
 */
export function documentAmountInWords(doc: { totalAmount: number; currency: string; currencyRate: number }): string {
  const code = doc.currency.toUpperCase();
  if (code === 'BGN' || code === 'EUR') return amountInWords(doc.totalAmount, code);
  return centsInWords(multiplyCents(toCents(doc.totalAmount), doc.currencyRate), 'BGN');
}
