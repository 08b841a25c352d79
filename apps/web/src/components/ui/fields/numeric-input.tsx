import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { roundHalfAway } from '@kantora/domain';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, parseNumber } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { isLocale } from '../../../lib/locale.ts';
import { fieldErrorText } from './field-error.ts';
import { readOnlySlotProps } from './read-only.ts';

export type NumericFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'defaultValue' | 'type'
> & {
  control: Control<T, any, any>;
  name: Path<T>;
  /** Decimal places kept (rounded half away from zero on blur). */
  decimals?: number;
  /** Always show exactly `decimals` places when not editing (money). */
  fixed?: boolean;
  /** Group thousands when not editing (default true); off for numbers such as register numbers. */
  grouping?: boolean;
  /** The value shown as text, in the locale's format, that cannot be changed. */
  readOnly?: boolean;
};

/**
 * A number input bound to react-hook-form. The form value is a number, or null when empty; text
 * that is not a number keeps NaN so the form's schema rejects it. While editing the user types
 * freely (`,` or `.` as decimal separator); on blur the value is rounded and shown in the
 * locale's format.
 */
export function NumericInput<T extends FieldValues>({
  control,
  name,
  decimals = 2,
  fixed = false,
  grouping = true,
  helperText,
  readOnly,
  ...props
}: NumericFieldProps<T>) {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'bg';
  const [editing, setEditing] = useState<string | null>(null);

  const display = (value: unknown): string => {
    if (typeof value !== 'number' || Number.isNaN(value)) return '';
    if (!grouping) return editable(value);
    return fixed ? formatMoney(value, undefined, locale) : formatNumber(value, decimals, locale);
  };
  const editable = (value: unknown): string => {
    if (typeof value !== 'number' || Number.isNaN(value)) return '';
    // Both locales of the product write the decimal separator as a comma.
    return (fixed ? value.toFixed(decimals) : String(value)).replace('.', ',');
  };

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const unreadable = typeof field.value === 'number' && Number.isNaN(field.value);
        const errorText =
          fieldErrorText(fieldState.error) ?? (unreadable ? translateMessage('invalid_value') : undefined);
        return (
          <TextField
            {...props}
            name={field.name}
            inputRef={field.ref}
            disabled={field.disabled || props.disabled}
            value={editing ?? (unreadable ? '' : display(field.value))}
            onFocus={(event) => {
              if (!readOnly) setEditing(editable(field.value));
              props.onFocus?.(event);
            }}
            onChange={(event) => {
              const text = event.target.value;
              setEditing(text);
              const parsed = parseNumber(text);
              field.onChange(text.trim() === '' ? null : parsed === null ? Number.NaN : parsed);
            }}
            onBlur={() => {
              const parsed = editing === null ? null : parseNumber(editing);
              if (parsed !== null) field.onChange(roundHalfAway(parsed, decimals));
              setEditing(null);
              field.onBlur();
            }}
            error={Boolean(errorText) || props.error}
            helperText={errorText ?? helperText}
            slotProps={{
              ...readOnlySlotProps(props.slotProps, readOnly),
              htmlInput: {
                inputMode: decimals > 0 ? 'decimal' : 'numeric',
                style: fixed ? { textAlign: 'right' } : undefined,
              },
            }}
          />
        );
      }}
    />
  );
}
