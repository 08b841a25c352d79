import { INVOICE_MONTHLY_INTERVALS, type DictionaryItem, type UserOption } from '@kantora/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ContractTabProps } from '../../components/ui/area-types.ts';
import { DateField } from '../../components/ui/fields/date-field.tsx';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { MoneyField } from '../../components/ui/fields/money-field.tsx';
import { OptionSelectField } from '../../components/ui/fields/option-select-field.tsx';
import { SelectField } from '../../components/ui/fields/select-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { currencyLabel, localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';
import type { ContractFormValues } from './contract-form.ts';

const grid = (columns: string) => ({ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: columns } });

/**
 * The contract's details: name, period, invoicing, price (not for employees), currency, advance, e-mail,
 * description, responsible person and managing users. The fields belong to the page's form (saved with the party choices by the page's
 * Save); read-only unless the contract is a draft and the user is management.
 */
export default function DetailsTab({ contract }: ContractTabProps) {
  const { t, i18n } = useTranslation('contracts');
  const locale = i18n.language;
  const { control } = useFormContext<ContractFormValues>();
  const currencies = useMetadata<DictionaryItem[]>('getCurrencies');
  const staff = useMetadata<UserOption[]>('getAllEmployeeUsers');
  const [fromDate, currency] = useWatch({ control, name: ['fromDate', 'currency'] });
  const readOnly = contract ? !contract.rights.canEdit : false;
  // Employees get no price from the server (seesPrices), and the field goes too.
  const showPrice = contract ? contract.rights.canSeePrices : true;
  const currencyOptions = (currencies.data ?? []).map((item) => ({
    value: item._id,
    label: currencyLabel(item, locale),
  }));
  const code = currencies.data?.find((item) => item._id === currency)?.code;
  const currencyCode = typeof code === 'string' ? code : undefined;
  const intervals = INVOICE_MONTHLY_INTERVALS.map((months) => ({ value: months, label: t(`interval.${months}`) }));
  const users = (staff.data ?? []).map((user) => ({ value: user._id, label: localized(user.fullName, locale) }));

  return (
    <SectionCard title={t('details.title')} subtitle={readOnly ? undefined : t('details.hint')}>
      <Stack spacing={2}>
        <LocalizedTextField
          control={control}
          name="name"
          label={t('fields.name')}
          required={{ bg: true }}
          readOnly={readOnly}
        />
        <Box sx={grid('1fr 1fr 1fr')}>
          <DateField control={control} name="fromDate" label={t('fields.from_date')} required readOnly={readOnly} />
          <DateField
            control={control}
            name="toDate"
            label={t('fields.to_date')}
            required
            readOnly={readOnly}
            minDate={fromDate ?? undefined}
          />
          <DateField control={control} name="invoiceDate" label={t('fields.invoice_date')} readOnly={readOnly} />
        </Box>
        <Box sx={grid(showPrice ? '1fr 1fr 1fr' : '1fr 1fr')}>
          <SelectField
            control={control}
            name="invoiceMonthlyInterval"
            label={t('fields.invoice_monthly_interval')}
            options={intervals}
            required
            readOnly={readOnly}
          />
          {showPrice && (
            <MoneyField
              control={control}
              name="pricePerMonth"
              label={t('fields.price_per_month')}
              currency={currencyCode}
              required
              readOnly={readOnly}
            />
          )}
          <OptionSelectField
            control={control}
            name="currency"
            label={t('fields.currency')}
            options={currencyOptions}
            required
            readOnly={readOnly}
          />
        </Box>
        <SwitchField
          control={control}
          name="isAdvance"
          label={t('fields.is_advance')}
          helperText={t('details.advance_hint')}
          readOnly={readOnly}
        />
        <Box sx={grid('1fr 1fr')}>
          <FormTextField
            control={control}
            name="email"
            label={t('fields.email')}
            type="email"
            readOnly={readOnly}
            slotProps={{ htmlInput: { maxLength: 320 } }}
          />
          <OptionSelectField
            control={control}
            name="managingUsers"
            label={t('fields.managing_users')}
            options={users}
            multiple
            readOnly={readOnly}
          />
        </Box>
        <LocalizedTextField
          control={control}
          name="responsiblePerson"
          label={t('fields.responsible_person')}
          readOnly={readOnly}
        />
        <LocalizedTextField
          control={control}
          name="description"
          label={t('fields.description')}
          multiline
          readOnly={readOnly}
        />
      </Stack>
    </SectionCard>
  );
}
