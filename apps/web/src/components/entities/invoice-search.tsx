import type { BillingOption, NoticeTypeValue } from '@kantora/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { billingQueries } from '../../api/billing.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useSearchInput } from '../ui/use-search-input.ts';
import { fieldErrorText } from '../ui/fields/field-error.ts';

export type { BillingOption as InvoiceOption };

export const INVOICE_SEARCH_DEBOUNCE_MS = 300;

/** An invoice in a picker: `№ 0000000012 от 15.03.2026`. */
export function invoiceLabel(
  invoice: Pick<BillingOption, 'number' | 'date'>,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  return t('billing:search.option', { number: invoice.number ?? '—', date: formatDate(invoice.date) });
}

export interface InvoiceSearchProps {
  value: BillingOption | null;
  onChange: (invoice: BillingOption | null) => void;
  /** Only this customer's invoices (a notice's original). */
  customerId?: string | null;
  /** Only invoices of this notice type (0: invoices, not notices). */
  noticeType?: NoticeTypeValue;
  label?: string;
  disabled?: boolean;
  /** The chosen one shown as text that cannot be changed (no list opens). */
  readOnly?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * The invoice autocomplete: digits typed go to POST /api/invoices/search (numbers starting with them, or the id)
 * after 300 ms of quiet, 15 issued invoices a page, oldest first; opened empty it offers the first ones.
 */
export function InvoiceSearch({
  value,
  onChange,
  customerId,
  noticeType,
  label,
  disabled,
  readOnly,
  required,
  error,
  helperText,
}: InvoiceSearchProps) {
  const { t, i18n } = useTranslation('billing');
  const labelOf = (option: BillingOption) => invoiceLabel(option, t);
  const search = useSearchInput(value, labelOf, INVOICE_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...billingQueries.invoiceSearch({ customerId, noticeType, term: search.term }),
    enabled: search.ready,
  });
  return (
    <Autocomplete<BillingOption>
      {...search.autocomplete}
      value={value}
      options={search.withChosen(query.data?.Items ?? [])}
      getOptionLabel={labelOf}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            {invoiceLabel(option, t)}
            <br />
            <small>
              {localized(option.companyName, i18n.language)} ·{' '}
              {formatMoney(option.totalAmount, option.currencyCode ?? undefined)}
            </small>
          </span>
        </li>
      )}
      onChange={(_, next) => onChange(next)}
      loading={search.open && query.isFetching}
      disabled={disabled}
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
          helperText={helperText}
        />
      )}
    />
  );
}

export interface InvoiceSearchFieldProps<T extends FieldValues>
  extends Omit<InvoiceSearchProps, 'value' | 'onChange' | 'error'> {
  control: Control<T, any, any>;
  /** A form value holding the chosen invoice (or null), so the field can show its number. */
  name: Path<T>;
  /** Called after the user picks (not on resets). */
  onValueChange?: (invoice: BillingOption | null) => void;
}

/** The invoice autocomplete bound to react-hook-form; errors show as translated helper text. */
export function InvoiceSearchField<T extends FieldValues>({
  control,
  name,
  helperText,
  onValueChange,
  ...props
}: InvoiceSearchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <InvoiceSearch
          {...props}
          value={(field.value as BillingOption | null) ?? null}
          onChange={(invoice) => {
            field.onChange(invoice);
            onValueChange?.(invoice);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
        />
      )}
    />
  );
}
