/**
 * Bulgarian company identifiers. EIK/BULSTAT (9 digits for a company, 13 for a branch) carries check
 * digits; the Bulgarian VAT number is `BG` and 9 or 10 digits. Foreign clients have other
 * identifiers, so these checks give warnings, never errors.
 */
import { MessageKeys as M } from './messages.ts';

const digitsOf = (value: string) => [...value].map(Number);

/** A weighted sum mod 11, then the second weights when the first leaves 10; 10 again gives 0. */
function checkDigit(digits: number[], first: number[], second: number[]): number {
  const sum = (weights: number[]) => weights.reduce((total, weight, i) => total + weight * digits[i], 0) % 11;
  const remainder = sum(first);
  if (remainder !== 10) return remainder;
  const again = sum(second);
  return again === 10 ? 0 : again;
}

/** The 9th digit of a 9-digit EIK, from its first 8 digits. */
export function eikCheckDigit9(first8: string): number {
  if (!/^\d{8}$/.test(first8)) throw new Error('eikCheckDigit9 needs 8 digits');
  return checkDigit(digitsOf(first8), [1, 2, 3, 4, 5, 6, 7, 8], [3, 4, 5, 6, 7, 8, 9, 10]);
}

/** The 13th digit of a 13-digit EIK, from digits 9 to 12. */
export function eikCheckDigit13(digits9to12: string): number {
  if (!/^\d{4}$/.test(digits9to12)) throw new Error('eikCheckDigit13 needs 4 digits');
  return checkDigit(digitsOf(digits9to12), [2, 7, 3, 5], [4, 9, 5, 7]);
}

/** True for a 9- or 13-digit EIK/BULSTAT whose check digits match. */
export function isValidEik(value: string): boolean {
  const eik = value.replace(/\s+/g, '');
  if (!/^\d{9}(\d{4})?$/.test(eik)) return false;
  if (eikCheckDigit9(eik.slice(0, 8)) !== Number(eik[8])) return false;
  return eik.length === 9 || eikCheckDigit13(eik.slice(8, 12)) === Number(eik[12]);
}

/** A valid 9-digit EIK from 8 digits (demo data, tests). */
export function makeEik(first8: string): string {
  return `${first8}${eikCheckDigit9(first8)}`;
}

/** True for the Bulgarian VAT number format: BG and 9 or 10 digits. */
export function isBulgarianVatFormat(value: string): boolean {
  return /^BG\d{9,10}$/.test(value.replace(/\s+/g, '').toUpperCase());
}

export type IdentifierWarning = typeof M.bulstat_checksum | typeof M.vat_number_format;

/**
 * Warnings (not errors) about a client's identifiers:
 * - `bulstat_checksum`: a 9- or 13-digit bulstat whose check digits fail, or a client with a
 *   Bulgarian VAT number whose bulstat is not a 9/13-digit EIK (a 10-digit personal number passes);
 * - `vat_number_format`: a VAT number that starts with BG but is not BG + 9 or 10 digits, or bare
 *   9 or 10 digits (the BG prefix forgotten).
 * Anything else (foreign identifiers) gives no warning.
 */
export function identifierWarnings(input: { bulstat: string; vatNumber: string }): IdentifierWarning[] {
  const bulstat = input.bulstat.replace(/\s+/g, '');
  const vat = input.vatNumber.replace(/\s+/g, '').toUpperCase();
  const warnings: IdentifierWarning[] = [];
  const bulgarianVat = vat.startsWith('BG');
  const eikShaped = /^\d{9}(\d{4})?$/.test(bulstat);
  if ((eikShaped && !isValidEik(bulstat)) || (bulgarianVat && !eikShaped && !/^\d{10}$/.test(bulstat)))
    warnings.push(M.bulstat_checksum);
  if ((bulgarianVat && !isBulgarianVatFormat(vat)) || /^\d{9,10}$/.test(vat)) warnings.push(M.vat_number_format);
  return warnings;
}
