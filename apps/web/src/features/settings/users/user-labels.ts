import { Access, UserStatus, UserType, type User } from '@kantora/domain';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../../components/ui/fields/select-field.tsx';
import { localized } from '../../../lib/labels.ts';

export const ACCESS_VALUES = [Access.admin, Access.manager, Access.employee, Access.accountant, Access.client] as const;

export const accessOptions = (t: TFunction<'settings'>): SelectOption[] =>
  ACCESS_VALUES.map((value) => ({ value, label: t(`users.access.${value}`) }));
export const typeOptions = (t: TFunction<'settings'>): SelectOption[] => [
  { value: UserType.employee, label: t(`users.type.${UserType.employee}`) },
  { value: UserType.client, label: t(`users.type.${UserType.client}`) },
];
export const statusOptions = (t: TFunction<'settings'>): SelectOption[] => [
  { value: UserStatus.active, label: t('status.active') },
  { value: UserStatus.inactive, label: t('status.inactive') },
];
export const genderOptions = (t: TFunction<'settings'>): SelectOption[] => [
  { value: 0, label: t('users.gender.0') },
  { value: 1, label: t('users.gender.1') },
];

/** First, middle and last name in the locale. */
export function fullName(user: Pick<User, 'firstName' | 'middleName' | 'lastName'>, locale: string): string {
  return [user.firstName, user.middleName, user.lastName]
    .map((part) => localized(part, locale))
    .filter(Boolean)
    .join(' ');
}
