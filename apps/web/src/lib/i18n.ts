import { DEFAULT_LOCALE, LOCALES, type Locale, roundHalfAway } from '@kantora/domain';
import i18n, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLocale, intlTag } from './locale.ts';

type Bundle = Record<string, unknown>;

/**
 * Namespaces every page needs (shell, sign-in, errors, shared kit) are bundled into the app in the default language;
 * in Italian they load, like any other `locales/<lng>/<area>.json`, from their own chunks (`i18nReady` waits for
 * them before the first render, and a change of language waits for them too). An area's namespace is loaded on
 * first use (`useTranslation('clients')` suspends until then), so each area's texts travel with the area. The
 * sign-in page's first load thus carries one language's texts (the 250 KB budget, docs/decisions.md).
 */
export const CORE_NAMESPACES = ['common', 'routes', 'messages', 'auth', 'errors', 'fields'] as const;

const coreFiles = import.meta.glob<Bundle>(
  [
    '../locales/bg/common.json',
    '../locales/bg/routes.json',
    '../locales/bg/messages.json',
    '../locales/bg/auth.json',
    '../locales/bg/errors.json',
    '../locales/bg/fields.json',
  ],
  { eager: true, import: 'default' },
);
const areaFiles = import.meta.glob<Bundle>(
  [
    '../locales/*/*.json',
    '!../locales/bg/common.json',
    '!../locales/bg/routes.json',
    '!../locales/bg/messages.json',
    '!../locales/bg/auth.json',
    '!../locales/bg/errors.json',
    '!../locales/bg/fields.json',
  ],
  { import: 'default' },
);

const fileKey = (lng: string, ns: string) => `../locales/${lng}/${ns}.json`;

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [file, bundle] of Object.entries(coreFiles)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, lng, ns] = match;
    resources[lng] ??= {};
    resources[lng][ns] = bundle;
  }
  return resources;
}

/** Loads area namespaces from their own chunks. */
const areaBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = areaFiles[fileKey(lng, ns)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle as ResourceKey),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

const resources = buildResources();

void i18n
  .use(areaBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...CORE_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
document.documentElement.lang = i18n.language;

/** Resolves once the current language's core namespaces are there (at once in the default language). */
export const i18nReady: Promise<void> = i18n.loadNamespaces([...CORE_NAMESPACES]);

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
export function translateMessage(
  text: string | null | undefined,
  params?: Record<string, string | number | null> | null,
): string {
  if (!text) return '';
  const key = `messages:${text}`;
  if (!i18n.exists(key)) return text;
  // A key with values has its own text (`<key>_params`, i18next's context) naming them; the plain text otherwise.
  return params ? i18n.t(key, { ...messageParams(params), context: 'params' }) : i18n.t(key);
}

/** The values of a message as the text shows them: `amount` as money (2 places, the locale's format, the currency's code). */
function messageParams(params: Record<string, string | number | null>): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) shown[name] = value === null ? '' : String(value);
  if (typeof params.amount === 'number' && Number.isFinite(params.amount)) {
    const text = new Intl.NumberFormat(intlTag(currentLocale()), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(roundHalfAway(params.amount, 2));
    shown.amount = typeof params.currency === 'string' && params.currency ? `${text} ${params.currency}` : text;
  }
  return shown;
}

export default i18n;
