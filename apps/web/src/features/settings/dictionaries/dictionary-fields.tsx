import { DEFAULT_EVENT_COLOR, effectiveCurrencyCode, FIXED_RATES, type DictionaryItem } from '@kantora/domain';
import InputAdornment from '@mui/material/InputAdornment';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
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

export function VatTypeFields(props: DictionaryFieldsProps) {
  const { t } = useTranslation('settings');
  const { control } = props.form;
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
      <LocalizedTextField control={control} name="exemptionReason" label={t('fields.exemption_reason')} multiline />
    </>
  );
}
