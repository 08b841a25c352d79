import type { ClientOption } from '@kantora/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { portalQueries } from '../../api/portal.ts';
import { clientLabel } from './client-search.tsx';
import { fieldErrorText } from '../ui/fields/field-error.ts';

/**
 * The companies whose `clientUsers` list the signed-in client user, by name (POST /api/my-companies/list); kept under
 * the portal's companies family, so it refreshes with it.
 */
export function useMyCompanies() {
  const { i18n } = useTranslation();
  return useQuery(portalQueries.companyOptions(i18n.language));
}

export interface MyCompanyFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  /** A form value holding the chosen `ClientOption` (or null). */
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Offer an empty entry (a filter). */
  clearable?: boolean;
}

/**
 * A choice among the client user's own companies (the portal's document flow: its filter and a new document), bound
 * to react-hook-form as a `ClientOption` like the staff's client search, so both serve the same forms.
 */
export function MyCompanyField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  clearable = false,
}: MyCompanyFieldProps<T>) {
  const { t, i18n } = useTranslation();
  const companies = useMyCompanies();
  const options: ClientOption[] = (companies.data?.Items ?? []).map((row) => ({
    _id: row._id,
    name: row.name,
    bulstat: row.bulstat,
    vatNumber: row.vatNumber,
  }));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as ClientOption | null) ?? null;
        // The document's own company shows even before the list has loaded.
        const shown = value && !options.some((option) => option._id === value._id) ? [value, ...options] : options;
        return (
          <TextField
            select
            label={label}
            required={required}
            disabled={disabled}
            value={value?._id ?? ''}
            onChange={(event) => field.onChange(shown.find((option) => option._id === event.target.value) ?? null)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldErrorText(fieldState.error)}
            fullWidth
          >
            {clearable && (
              <MenuItem value="">
                <em>{t('select.none')}</em>
              </MenuItem>
            )}
            {shown.map((option) => (
              <MenuItem key={option._id} value={option._id}>
                {clientLabel(option, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
