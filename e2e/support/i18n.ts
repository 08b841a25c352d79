import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales', import.meta.url));
const cache = new Map<string, Record<string, unknown>>();

/** The web app's own text for a key, so the specs follow the locale files. `t('bg', 'common:shell.sign_out')`. */
export function t(locale: 'bg' | 'it', key: string, values: Record<string, string> = {}): string {
  const [ns, path] = key.includes(':') ? key.split(':') : ['common', key];
  const file = `${locale}/${ns}`;
  if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(`${LOCALES}/${file}.json`, 'utf8')));
  let node: unknown = cache.get(file);
  for (const part of path.split('.')) node = (node as Record<string, unknown>)?.[part];
  if (typeof node !== 'string') throw new Error(`No text for ${locale}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => values[name] ?? '');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text of a key in either language, for steps that do not depend on the language shown. */
export function either(key: string): RegExp {
  return new RegExp(`^(${escapeRegExp(t('bg', key))}|${escapeRegExp(t('it', key))})$`);
}
