import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kantora/domain';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLocale } from './locale.ts';

type Bundle = Record<string, unknown>;

/** Every `locales/<lng>/<namespace>.json`, bundled into the app. */
const files = import.meta.glob<Bundle>('../locales/*/*.json', { eager: true, import: 'default' });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [file, bundle] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match;
    resources[lng] ??= {};
    resources[lng][ns] = bundle;
  }
  return resources;
}

export const resources = buildResources();
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
document.documentElement.lang = i18n.language;

export function currentLocale(): Locale {
  return i18n.language === 'it' ? 'it' : 'bg';
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}

/**
 * Server answers carry message keys (`field_is_required`) or plain text: translate the keys
 * the app knows and show any other text as it is.
 */
export function translateMessage(text: string | null | undefined): string {
  if (!text) return '';
  const key = `messages:${text}`;
  return i18n.exists(key) ? i18n.t(key) : text;
}

export default i18n;
