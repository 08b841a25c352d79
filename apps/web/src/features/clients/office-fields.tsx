import { countryCodeFrom } from '@kantora/domain';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountryField } from '../../components/ui/fields/country-field.tsx';
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
  // The ISO code follows the country's name as typed until a country is picked (the server derives it the same way).
  const country = useWatch({ control, name: name('country') }) as { bg?: string; it?: string } | undefined;
  const proposal = countryCodeFrom({ bg: country?.bg ?? '', it: country?.it ?? '' });
  return (
    <Stack spacing={2} sx={{ pt: 0.5 }}>
      <LocalizedTextField
        control={control}
        name={name('country')}
        label={t('fields.country')}
        required={required}
        disabled={disabled}
      />
      <CountryField
        control={control}
        name={name('countryCode')}
        label={t('fields.country_code')}
        helperText={t('offices.country_code_hint')}
        disabled={disabled}
        proposal={proposal}
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
  countryCode: null as string | null,
  city: { bg: '', it: '' },
  street: { bg: '', it: '' },
  state: { bg: '', it: '' },
  zipCode: '',
  phone: '',
  email: '',
  isHeadquarters: false,
});
