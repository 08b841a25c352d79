import { type Locale, LOCALES } from '@kantora/domain';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** The text of a `{bg, it}` value in the locale, falling back to the other language. */
export function localized(value: unknown, locale: string): string {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : '';
  const text = value as Partial<Record<Locale, string>>;
  const own = LOCALES.includes(locale as Locale) ? text[locale as Locale] : undefined;
  return own || text.bg || text.it || '';
}

/** A currency in a picker: `USD — Щатски долар`, or its name alone when it has no ISO code. */
export function currencyLabel(item: { code?: unknown; name: unknown }, locale: string): string {
  const name = localized(item.name, locale);
  return typeof item.code === 'string' && item.code ? `${item.code} — ${name}` : name;
}

/** An empty `{bg, it}`. */
export const emptyText = () => ({ bg: '', it: '' });

/**
 * The zod resolver of a domain schema for a form whose values are looser than the schema's input
 * (null for an empty number or select): the schema decides, the form gets the schema's output.
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
): Resolver<V, any, z.output<S> & FieldValues> {
  return zodResolver(schema as unknown as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<
    V,
    any,
    z.output<S> & FieldValues
  >;
}
