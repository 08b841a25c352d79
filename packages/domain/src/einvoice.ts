/**
 * What an e-invoice (EN 16931, UBL 2.1) needs from our data beyond what the print shows: ISO 3166 country codes of the
 * parties' addresses, the VAT category (UNCL 5305, as EN 16931 uses it) and exemption reason code (VATEX) of a VAT type
 * and of a document, and the rule that picks a document's category so that it agrees with the printed VAT note.
 */
import { z } from 'zod';
import { MessageKeys as M } from './messages.ts';
import { isReverseCharge } from './printable.ts';
import type { LocalizedText } from './schemas.ts';

/**
 * The VAT categories of EN 16931 a Bulgarian service company issues with: S standard rate, Z zero rated, E exempt,
 * AE reverse charge, K intra-community supply, G export outside the EU, O outside the scope of VAT.
 */
export const VAT_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** The categories taxed at a rate above zero (every other category's rate is 0, rules BR-Z-05, BR-E-05, BR-AE-05 ...). */
export const isRatedCategory = (category: VatCategory) => category === 'S';

/** The category a VAT type proposes: S when it has a rate, else E (exempt). */
export const defaultVatCategory = (percentage: number): VatCategory => (percentage > 0 ? 'S' : 'E');

/**
 * The VATEX exemption reason codes (CEF code list) a VAT type may carry, with the article of Directive 2006/112/EC each
 * names; the common ones first. The list is the one the EN 16931 validation artefacts accept for the EU.
 */
export const VAT_EXEMPTION_CODES = [
  'VATEX-EU-AE',
  'VATEX-EU-O',
  'VATEX-EU-IC',
  'VATEX-EU-G',
  'VATEX-EU-132',
  'VATEX-EU-135-1',
  'VATEX-EU-143',
  'VATEX-EU-144',
  'VATEX-EU-146-1E',
  'VATEX-EU-148',
  'VATEX-EU-151',
  'VATEX-EU-153',
  'VATEX-EU-159',
  'VATEX-EU-309',
  'VATEX-EU-79-C',
  'VATEX-EU-D',
  'VATEX-EU-F',
  'VATEX-EU-I',
  'VATEX-EU-J',
] as const;
export type VatExemptionCode = (typeof VAT_EXEMPTION_CODES)[number];

/** The exemption code a category implies when a VAT type names none (AE, K, G and O have one code each). */
export const CATEGORY_EXEMPTION_CODE: Partial<Record<VatCategory, VatExemptionCode>> = {
  AE: 'VATEX-EU-AE',
  K: 'VATEX-EU-IC',
  G: 'VATEX-EU-G',
  O: 'VATEX-EU-O',
};

/** A VAT type's category and code as a save form sends them: the code is blank or one of the list. */
export const vatCategorySchema = z.enum(VAT_CATEGORIES, { error: M.invalid_value });
export const vatExemptionCodeSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.enum(VAT_EXEMPTION_CODES, { error: M.invalid_value }).nullable(),
);

/**
 * The rule between a VAT type's category and its rate (EN 16931: a standard-rated line has a rate above zero, every
 * other category a rate of zero): the field to report, or null.
 */
export function vatCategoryRateError(category: VatCategory, percentage: number): 'category' | null {
  return isRatedCategory(category) === percentage > 0 ? null : 'category';
}

/** The ISO 3166-1 alpha-2 country codes (the list EN 16931 checks addresses against). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** An optional country code as a form sends it: blank is none, else one of COUNTRY_CODES (upper-cased). */
export const countryCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() || null : (value ?? null)),
  z
    .string()
    .nullable()
    .refine((value) => value === null || COUNTRY_SET.has(value), M.invalid_value),
);

/** The country of a VAT number's prefix (EL is Greece, XI Northern Ireland), or null when it has none we know. */
export function vatNumberCountry(vatNumber: string | null | undefined): string | null {
  const prefix = (vatNumber ?? '').replace(/\s/g, '').slice(0, 2).toUpperCase();
  if (prefix === 'EL') return 'GR';
  if (prefix === 'XI') return 'GB';
  return /^[A-Z]{2}$/.test(prefix) && COUNTRY_SET.has(prefix) ? prefix : null;
}

const normalizeName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toLowerCase();

let namesIndex: Map<string, string> | null = null;
/** Every country's name in Bulgarian, Italian and English (from the platform's Intl data), normalized, to its code. */
function countryNames(): Map<string, string> {
  if (namesIndex) return namesIndex;
  namesIndex = new Map();
  for (const lang of ['en', 'it', 'bg']) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      continue;
    }
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code) namesIndex.set(normalizeName(name), code);
    }
  }
  // Short and older names people type.
  for (const [name, code] of [
    ['bulgaria', 'BG'],
    ['bulgarie', 'BG'],
    ['rbulgaria', 'BG'],
    ['italy', 'IT'],
    ['usa', 'US'],
    ['uk', 'GB'],
    ['england', 'GB'],
    ['germania', 'DE'],
    ['холандия', 'NL'],
    ['olanda', 'NL'],
  ] as const)
    namesIndex.set(name, code);
  return namesIndex;
}

/**
 * The ISO country code of an address: its country's name (in any of our languages or English) when known, else the
 * VAT number's prefix, else null.
 */
export function countryCodeFrom(
  country: LocalizedText | string | null | undefined,
  vatNumber?: string | null,
): string | null {
  const texts = typeof country === 'string' ? [country] : country ? [country.bg, country.it] : [];
  for (const text of texts) {
    const trimmed = (text ?? '').trim();
    if (/^[A-Za-z]{2}$/.test(trimmed) && COUNTRY_SET.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
    const code = trimmed ? countryNames().get(normalizeName(trimmed)) : undefined;
    if (code) return code;
  }
  return vatNumberCountry(vatNumber);
}

/** A document's VAT treatment as an e-invoice states it. */
export interface VatTreatment {
  category: VatCategory;
  /** The VATEX code, or null (a standard-rated or zero-rated document needs none). */
  exemptionCode: VatExemptionCode | null;
}

/** The VAT category and code a document stores from its VAT type when its header is saved. */
export function documentVatSnapshot(
  charging: boolean,
  percentage: number,
  type: { category: string; exemptionCode: string | null } | null,
): VatTreatment {
  if (charging) return { category: percentage > 0 ? 'S' : 'Z', exemptionCode: null };
  const stored = (type?.category ?? 'E') as VatCategory;
  const category: VatCategory = isRatedCategory(stored) ? 'E' : stored;
  const code = (type?.exemptionCode as VatExemptionCode | null) ?? CATEGORY_EXEMPTION_CODE[category] ?? null;
  return { category, exemptionCode: category === 'Z' ? null : code };
}

/**
 * A document's VAT treatment, the same decision the printed VAT note makes (vatExemptionBasis): VAT not charged to a
 * business registered for VAT in another member state is reverse charge (AE); otherwise what the document stored from
 * its VAT type (a document stored before categories existed: S or Z when charged, E when not).
 */
export function documentVatTreatment(doc: {
  VATCharging: boolean;
  VATPercentage: number;
  vatCategory?: string | null;
  vatExemptionCode?: string | null;
  customer: { vatNumber: string };
}): VatTreatment {
  if (isReverseCharge({ VATCharging: doc.VATCharging, customer: { vatNumber: doc.customer.vatNumber } }))
    return { category: 'AE', exemptionCode: 'VATEX-EU-AE' };
  if (doc.VATCharging) return { category: doc.VATPercentage > 0 ? 'S' : 'Z', exemptionCode: null };
  const stored = doc.vatCategory ? { category: doc.vatCategory, exemptionCode: doc.vatExemptionCode ?? null } : null;
  return documentVatSnapshot(false, 0, stored);
}

/**
 * True when a customer's VAT number is a business's in another member state: the editor then proposes the reverse
 * charge, and issuing with VAT charged asks first.
 */
export const isEuBusinessAbroad = (vatNumber: string | null | undefined) =>
  isReverseCharge({ VATCharging: false, customer: { vatNumber: vatNumber ?? '' } });
