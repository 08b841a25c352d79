import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@kantora/domain';
import { readCookie, writeCookie } from './cookies.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The locale the user chose on this browser (localStorage `_locale`, else the `_locale` cookie). */
export function storedLocale(): Locale | null {
  const fromStorage = readStorage();
  if (isLocale(fromStorage)) return fromStorage;
  const fromCookie = readCookie(LOCALE_STORAGE_KEY);
  return isLocale(fromCookie) ? fromCookie : null;
}

export function initialLocale(): Locale {
  return storedLocale() ?? DEFAULT_LOCALE;
}

/** Keeps the choice in localStorage and in a cookie, both named `_locale` (docs/architecture.md, "Dates, formats and the web's behaviour"). */
export function persistLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be disabled; the cookie still carries the choice.
  }
  writeCookie(LOCALE_STORAGE_KEY, locale, ONE_YEAR_SECONDS);
}

/** BCP 47 tag for Intl. */
export function intlTag(locale: string): string {
  return locale === 'it' ? 'it-IT' : 'bg-BG';
}
