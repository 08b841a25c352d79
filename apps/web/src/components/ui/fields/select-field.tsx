import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-error.ts';

export interface SelectOption {
  /** The select rule of the spec: an integer 0 to 999 (0 is a real value). */
  value: number;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'defaultValue' | 'select' | 'children'
> & {
  control: Control<T, any, any>;
  name: Path<T>;
  options: readonly SelectOption[];
  /** Offer an empty entry that sets the value to null (filters, optional fields). */
  clearable?: boolean;
  /** Called after the user picks a value (not on resets): dependent fields follow from here. */
  onValueChange?: (value: number | null) => void;
};

export const isSelectValue = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 999;

/**
 * A single choice among numeric options, bound to react-hook-form. The form value is the option's
 * number, or null when nothing is chosen; 0 is a chosen value. Options outside 0–999 are not
 * offered (they could never pass the select rule).
 */
export function SelectField<T extends FieldValues>({
  control,
  name,
  options,
  clearable,
  onValueChange,
  helperText,
  ...props
}: SelectFieldProps<T>) {
  const { t } = useTranslation();
  const valid = options.filter((option) => isSelectValue(option.value));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          select
          name={field.name}
          inputRef={field.ref}
          disabled={field.disabled || props.disabled}
          value={isSelectValue(field.value) ? String(field.value) : ''}
          onChange={(event) => {
            const value = event.target.value === '' ? null : Number(event.target.value);
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error) || props.error}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
        >
          {clearable && (
            <MenuItem value="">
              <em>{t('select.none')}</em>
            </MenuItem>
          )}
          {valid.map((option) => (
            <MenuItem key={option.value} value={String(option.value)} disabled={option.disabled}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
