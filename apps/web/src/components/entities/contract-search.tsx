import type { ContractOption, ContractStatusValue } from '@kantora/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractQueries } from '../../api/contracts.ts';
import { formatDate } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useSearchInput } from '../ui/use-search-input.ts';
import { fieldErrorText } from '../ui/fields/field-error.ts';

export type { ContractOption };

export const CONTRACT_SEARCH_DEBOUNCE_MS = 500;

/** A contract in a picker: its name and period (`Поддръжка (01.01.2026 – 31.12.2026)`). */
export function contractLabel(contract: Pick<ContractOption, 'name' | 'fromDate' | 'toDate'>, locale: string): string {
  const name = localized(contract.name, locale);
  return contract.fromDate ? `${name} (${formatDate(contract.fromDate)} – ${formatDate(contract.toDate)})` : name;
}

export interface ContractSearchProps {
  value: ContractOption | null;
  onChange: (contract: ContractOption | null) => void;
  /** Only this client's contracts; without a client the field waits for one (disabled). */
  clientId: string | null | undefined;
  /** Only contracts in this status (e.g. 1 registered for timesheets); default every status. */
  status?: ContractStatusValue;
  label?: string;
  disabled?: boolean;
  /** The chosen one shown as text that cannot be changed (no list opens). */
  readOnly?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * The contract autocomplete of a client: what the user types goes to POST /api/contracts/search with the
 * client after 500 ms of quiet, 15 contracts a page by name; opened with nothing typed it offers the
 * client's first contracts.
 */
export function ContractSearch({
  value,
  onChange,
  clientId,
  status,
  label,
  disabled,
  readOnly,
  required,
  error,
  helperText,
}: ContractSearchProps) {
  const { t, i18n } = useTranslation('contracts');
  const labelOf = (option: ContractOption) => contractLabel(option, i18n.language);
  const search = useSearchInput(value, labelOf, CONTRACT_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...contractQueries.search({ clientId, status, term: search.term }),
    enabled: Boolean(clientId) && search.ready,
  });
  return (
    <Autocomplete<ContractOption>
      {...search.autocomplete}
      value={value}
      options={search.withChosen(query.data?.Items ?? [])}
      getOptionLabel={labelOf}
      onChange={(_, next) => onChange(next)}
      loading={search.open && query.isFetching}
      disabled={disabled || (!clientId && !readOnly)}
      readOnly={readOnly}
      forcePopupIcon={readOnly ? false : 'auto'}
      noOptionsText={t('search.no_options')}
      loadingText={t('common:loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('search.label')}
          required={required}
          error={error}
          helperText={helperText ?? (clientId || readOnly ? undefined : t('search.client_first'))}
        />
      )}
    />
  );
}

export interface ContractSearchFieldProps<T extends FieldValues>
  extends Omit<ContractSearchProps, 'value' | 'onChange' | 'error'> {
  control: Control<T, any, any>;
  /** A form value holding the chosen `ContractOption` (or null), so the field can show its name. */
  name: Path<T>;
}

/** The contract autocomplete bound to react-hook-form; errors show as translated helper text. */
export function ContractSearchField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...props
}: ContractSearchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ContractSearch
          {...props}
          value={(field.value as ContractOption | null) ?? null}
          onChange={(contract) => field.onChange(contract)}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
        />
      )}
    />
  );
}
