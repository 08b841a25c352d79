import {
  CATEGORY_EXEMPTION_CODE,
  DEFAULT_EVENT_COLOR,
  type DictionaryItem,
  defaultVatCategory,
  effectiveCurrencyCode,
  FIXED_RATES,
  VAT_CATEGORIES,
  VAT_EXEMPTION_CODES,
  type VatCategory,
  vatCategoryRateError,
} from '@kantora/domain';
import type { TFunction } from 'i18next';
import InputAdornment from '@mui/material/InputAdornment';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ColorField } from '../../../components/ui/fields/color-field.tsx';
import { LocalizedTextField } from '../../../components/ui/fields/localized-text-field.tsx';
import { MoneyField } from '../../../components/ui/fields/money-field.tsx';
import { NumberField } from '../../../components/ui/fields/number-field.tsx';
import { OptionSelectField } from '../../../components/ui/fields/option-select-field.tsx';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { settingsApi, settingsKeys } from '../../../api/settings.ts';

/** What the fields of one kind receive from the generic dialog. */
export interface DictionaryFieldsProps {
  form: UseFormReturn<FieldValues, any, FieldValues>;
  /** The entry as last loaded or saved; null while creating. */
  item: DictionaryItem | null;
}

export function NameField({ form }: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  return <LocalizedTextField control={form.control} name="name" label={t('fields.name')} required />;
}

const upperCode = { htmlInput: { maxLength: 3, style: { textTransform: 'uppercase' as const } } };

/** Code (optional), name and the rate to BGN; BGN and EUR (by code or by name) have rates fixed by law. */
export function CurrencyFields(props: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  const { form, item } = props;
  const [typed, name] = useWatch({ control: form.control, name: ['code', 'name'] });
  const code =
    effectiveCurrencyCode(
      String(typed ?? '')
        .trim()
        .toUpperCase(),
      name,
    ) ?? '';
  const fixed = code ? FIXED_RATES[code] : undefined;
  const lockedCode = typeof item?.code === 'string' && FIXED_RATES[item.code] !== undefined;
  useEffect(() => {
    if (fixed !== undefined && form.getValues('exchangeRate') !== fixed)
      form.setValue('exchangeRate', fixed, { shouldDirty: true, shouldValidate: true });
  }, [fixed, form]);
  return (
    <>
      <FormTextField
        control={form.control}
        name="code"
        label={t('fields.currency_code')}
        disabled={lockedCode}
        helperText={t('currencies.code_hint')}
        slotProps={upperCode}
      />
      <NameField {...props} />
      <NumberField
        control={form.control}
        name="exchangeRate"
        label={t('fields.exchange_rate')}
        required
        decimals={6}
        disabled={fixed !== undefined}
        helperText={
          fixed !== undefined
            ? t('currencies.fixed_rate', { code, rate: formatNumber(fixed, 6) })
            : t('currencies.rate_hint')
        }
        slotProps={{ input: { endAdornment: <InputAdornment position="end">BGN</InputAdornment> } }}
      />
    </>
  );
}

export function EventCategoryFields(props: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  return (
    <>
      <NameField {...props} />
      <ColorField
        control={props.form.control}
        name="color"
        label={t('fields.color')}
        required
        helperText={t('event_categories.color_hint', { color: DEFAULT_EVENT_COLOR })}
      />
    </>
  );
}

export function ServiceFields(props: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  const { control } = props.form;
  return (
    <>
      <FormTextField
        control={control}
        name="code"
        label={t('fields.code')}
        required
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
      <NameField {...props} />
      <LocalizedTextField control={control} name="description" label={t('fields.description')} multiline />
      <MoneyField control={control} name="price" label={t('fields.price')} required currency="BGN" />
    </>
  );
}

/** Every category, for the parent select and the parent column (at most 200 kept in a settings tree). */
export function useAllCategories(enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...settingsKeys.dictionary('document-flow-categories'), 'all'],
    queryFn: () =>
      settingsApi.listDictionary('document-flow-categories', {
        page: 1,
        itemsPerPage: 200,
        sortBy: 'name.bg',
        sortDesc: false,
        status: null,
      }),
    staleTime: 30_000,
  });
}

/** The ids under `id` in the tree (a category cannot move under one of them). */
export function descendantsOf(id: string, items: readonly DictionaryItem[]): Set<string> {
  const found = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const item of items) {
      if (typeof item.parent === 'string' && found.has(item.parent) && !found.has(item._id)) {
        found.add(item._id);
        grew = true;
      }
    }
  }
  return found;
}

export function CategoryFields(props: DictionaryFieldsProps) {
  const { t, i18n } = useTranslation('settings');
  const all = useAllCategories();
  const own = props.item?._id;
  const excluded = own ? descendantsOf(own, all.data?.Items ?? []) : new Set<string>();
  const options = (all.data?.Items ?? [])
    .filter((item) => !excluded.has(item._id))
    .map((item) => ({
      value: item._id,
      label: `${localized(item.name, i18n.language)}${item.status ? '' : ` (${t('status.inactive')})`}`,
    }));
  return (
    <>
      <NameField {...props} />
      <OptionSelectField
        control={props.form.control}
        name="parent"
        label={t('fields.parent')}
        options={options}
        clearable
        helperText={t('document_flow_categories.parent_hint')}
      />
    </>
  );
}

/** A VAT category's label: its code and what it means, e.g. "AE — обратно начисляване". */
export const vatCategoryLabel = (t: TFunction<'settings'>, category: string) =>
  `${category} — ${t(`vat_types.categories.${category}`)}`;

/** Categories that name no exemption code (EN 16931 BR-S-10, BR-Z-10). */
const withoutCode = (category: unknown) => category === 'S' || category === 'Z';

/**
 * Name, rate, the printed reason, and the e-invoice's category and VATEX code. A new type proposes the rate's category
 * as the rate is typed (S above zero, else E); any type whose category no longer fits a changed rate gets the rate's.
 * Choosing AE, K, G or O proposes its one code when none is chosen; S and Z take none.
 */
export function VatTypeFields(props: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  const { form, item } = props;
  const { control } = form;
  const [percentage, category] = useWatch({ control, name: ['percentage', 'category'] });
  const isNew = item === null;
  const lastPercentage = useRef(percentage);
  useEffect(() => {
    if (lastPercentage.current === percentage) return;
    lastPercentage.current = percentage;
    if (typeof percentage !== 'number' || !Number.isFinite(percentage)) return;
    const current = form.getValues('category') as VatCategory | null;
    if (!isNew && current && !vatCategoryRateError(current, percentage)) return;
    const proposed = defaultVatCategory(percentage);
    if (proposed === current) return;
    form.setValue('category', proposed, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (withoutCode(proposed)) form.setValue('exemptionCode', null, { shouldDirty: true });
  }, [percentage, isNew, form]);
  const categoryOptions = VAT_CATEGORIES.map((code) => ({ value: code, label: vatCategoryLabel(t, code) }));
  const codeOptions = VAT_EXEMPTION_CODES.map((code) => ({
    value: code,
    label: code,
    secondary: t(`vat_types.exemption_codes.${code}`),
  }));
  return (
    <>
      <NameField {...props} />
      <NumberField
        control={control}
        name="percentage"
        label={t('fields.percentage')}
        required
        decimals={2}
        helperText={t('vat_types.percentage_hint')}
        slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
      />
      <OptionSelectField
        control={control}
        name="category"
        label={t('fields.vat_category')}
        required
        options={categoryOptions}
        helperText={t('vat_types.category_hint')}
        onValueChange={(next) => {
          if (withoutCode(next)) form.setValue('exemptionCode', null, { shouldDirty: true });
          else if (!form.getValues('exemptionCode')) {
            const code = CATEGORY_EXEMPTION_CODE[next as VatCategory];
            if (code) form.setValue('exemptionCode', code, { shouldDirty: true });
          }
        }}
      />
      <OptionSelectField
        control={control}
        name="exemptionCode"
        label={t('fields.exemption_code')}
        options={codeOptions}
        clearable
        disabled={withoutCode(category)}
        helperText={t('vat_types.exemption_code_hint')}
      />
      <LocalizedTextField control={control} name="exemptionReason" label={t('fields.exemption_reason')} multiline />
    </>
  );
}
