import type { ClientOption } from '@kantora/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { clientQueries } from '../../api/clients.ts';
import { fieldErrorText } from '../ui/fields/field-error.ts';
import { useDebounced } from '../ui/use-search-input.ts';

export const CLIENT_SEARCH_DEBOUNCE_MS = 300;

/** The label of a client in the locale (falling back to the other language), with its bulstat. */
export function clientLabel(client: ClientOption, locale: string): string {
  const name = (locale === 'it' ? client.name.it || client.name.bg : client.name.bg || client.name.it) ?? '';
  return client.bulstat ? `${name} (${client.bulstat})` : name;
}

export interface ClientSearchProps {
  value: ClientOption | null;
  onChange: (client: ClientOption | null) => void;
  label?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * The client autocomplete: what the user types (name, bulstat or VAT number) goes to
 * POST /api/companies/search after 300 ms of quiet, 15 clients a page.
 */
export function ClientSearch({ value, onChange, label, disabled, required, error, helperText }: ClientSearchProps) {
  const { t, i18n } = useTranslation('clients');
  const [input, setInput] = useState('');
  const term = useDebounced(input.trim(), CLIENT_SEARCH_DEBOUNCE_MS);
  const selectedLabel = value ? clientLabel(value, i18n.language) : '';
  const searching = term !== '' && term !== selectedLabel;
  const query = useQuery({ ...clientQueries.search(term), enabled: searching });
  const options = searching ? (query.data?.Items ?? []) : value ? [value] : [];
  return (
    <Autocomplete<ClientOption>
      value={value}
      options={options}
      filterOptions={(items) => items}
      getOptionLabel={(option) => clientLabel(option, i18n.language)}
      isOptionEqualToValue={(option, current) => option._id === current._id}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      loading={searching && query.isFetching}
      disabled={disabled}
      noOptionsText={input.trim() ? t('picker.no_options') : t('picker.type_to_search')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('picker.search_label')}
          required={required}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}

export interface ClientSearchFieldProps<T extends FieldValues>
  extends Omit<ClientSearchProps, 'value' | 'onChange' | 'error'> {
  control: Control<T, any, any>;
  /** A form value holding the chosen `ClientOption` (or null), so the field can show its name. */
  name: Path<T>;
}

/** The client autocomplete bound to react-hook-form; errors show as translated helper text. */
export function ClientSearchField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: ClientSearchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ClientSearch
          {...props}
          value={(field.value as ClientOption | null) ?? null}
          onChange={(client) => field.onChange(client)}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
        />
      )}
    />
  );
}
