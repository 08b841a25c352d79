import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LocalizedTextField } from '../../components/ui/fields/localized-text-field.tsx';
import { SwitchField } from '../../components/ui/fields/switch-field.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';

/** The office fields, under `prefix` (e.g. `office.`) or at the top of the form. */
export function OfficeFields<T extends FieldValues>({
  control,
  prefix = '',
  bothRequired = false,
  showHeadquarters = true,
  disabled,
}: {
  control: Control<T, any, any>;
  prefix?: string;
  /** The first office of a new client needs the address in both languages. */
  bothRequired?: boolean;
  showHeadquarters?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('clients');
  const name = (field: string) => `${prefix}${field}` as Path<T>;
  const required = bothRequired ? true : { bg: true };
  return (
    <Stack spacing={2} sx={{ pt: 0.5 }}>
      <LocalizedTextField
        control={control}
        name={name('country')}
        label={t('fields.country')}
        required={required}
        disabled={disabled}
      />
      <LocalizedTextField
        control={control}
        name={name('city')}
        label={t('fields.city')}
        required={required}
        disabled={disabled}
      />
      <LocalizedTextField
        control={control}
        name={name('street')}
        label={t('fields.street')}
        required={required}
        disabled={disabled}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 2fr' } }}>
        <FormTextField
          control={control}
          name={name('zipCode')}
          label={t('fields.zip_code')}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
        <FormTextField
          control={control}
          name={name('phone')}
          label={t('fields.phone')}
          required
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <FormTextField
          control={control}
          name={name('email')}
          label={t('fields.email')}
          required
          disabled={disabled}
          type="email"
        />
      </Box>
      {showHeadquarters && (
        <SwitchField
          control={control}
          name={name('isHeadquarters')}
          label={t('fields.is_headquarters')}
          disabled={disabled}
        />
      )}
    </Stack>
  );
}

export const emptyOffice = () => ({
  country: { bg: '', it: '' },
  city: { bg: '', it: '' },
  street: { bg: '', it: '' },
  state: { bg: '', it: '' },
  zipCode: '',
  phone: '',
  email: '',
  isHeadquarters: false,
});
