import type { TFunction } from 'i18next';

/** Known entity types, actions and change types read from the locale; anything else shows as it is. */
export const entityLabel = (t: TFunction<'settings'>, name: string | null | undefined) =>
  name ? t(`logs.entities.${name}`, { defaultValue: name }) : '—';
export const actionLabel = (t: TFunction<'settings'>, action: string | null | undefined) =>
  action ? t(`logs.actions.${action}`, { defaultValue: action }) : '—';
export const typeLabel = (t: TFunction<'settings'>, type: string | null | undefined) =>
  type ? t(`logs.types.${type}`, { defaultValue: type }) : '—';
