import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, MessageKeys, WEB_ROUTES } from '@kantora/domain';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const folder = (locale: string) => join(import.meta.dirname, locale);
const files = (locale: string) =>
  readdirSync(folder(locale))
    .filter((file) => file.endsWith('.json'))
    .sort();
const load = (locale: string, file: string): Tree => JSON.parse(readFileSync(join(folder(locale), file), 'utf8'));

/** Every leaf as `file:a.b.c` -> value. */
function leaves(locale: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (value !== null && typeof value === 'object') walk(value, `${prefix}${key}.`);
      else out.set(`${prefix}${key}`, value);
    }
  };
  for (const file of files(locale)) walk(load(locale, file), `${file}:`);
  return out;
}

describe('locale files', () => {
  it('bg and it have the same files', () => {
    expect(files('bg').length).toBeGreaterThan(0);
    expect(files('it')).toEqual(files('bg'));
  });

  it('bg and it have the same keys, and no value is empty', () => {
    const bg = leaves('bg');
    const it = leaves('it');
    expect([...it.keys()].sort()).toEqual([...bg.keys()].sort());
    for (const locale of LOCALES) {
      const empty = [...leaves(locale)]
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, `${locale} has empty texts`).toEqual([]);
    }
  });

  it('translates every message key of the domain', () => {
    for (const locale of LOCALES) {
      const messages = load(locale, 'messages.json');
      const missing = Object.keys(MessageKeys).filter((key) => typeof messages[key] !== 'string');
      expect(missing, `${locale}/messages.json`).toEqual([]);
    }
  });

  it('has a title for every route of the matrix and the pages outside it', () => {
    const titles = [...WEB_ROUTES.map((route) => route.title), 'login', 'not_found', 'event_invitation'];
    for (const locale of LOCALES) {
      const routes = load(locale, 'routes.json');
      expect(
        titles.filter((title) => typeof routes[title] !== 'string'),
        `${locale}/routes.json`,
      ).toEqual([]);
    }
  });

  it('keeps the interpolation placeholders of each text in both languages', () => {
    const placeholders = (text: unknown) =>
      [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const it = leaves('it');
    for (const [key, value] of leaves('bg')) expect(placeholders(it.get(key)), key).toEqual(placeholders(value));
  });
});
