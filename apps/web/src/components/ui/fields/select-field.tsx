import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './field-error.ts';
import { readOnlySlotProps } from './read-only.ts';

export interface SelectOption {
  /** A select's value (selectNumber in the domain): an integer 0 to 999 (0 is a real value). */
  value: number;
  label: string;
  disabled?: boolean;
}

/** A select bound to react-hook-form: a TextField's props less those the form owns, the control, name and options. */
export type FormSelectProps<T extends FieldValues, Option> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'defaultValue' | 'select' | 'children'
> & {
  control: Control<T, any, any>;
  name: Path<T>;
  options: readonly Option[];
  /** The chosen option shown as text that cannot be changed (the menu does not open). */
  readOnly?: boolean;
};

export type SelectFieldProps<T extends FieldValues> = FormSelectProps<T, SelectOption> & {
  /** Offer an empty entry that sets the value to null (filters, optional fields). */
  clearable?: boolean;
  /** Called after the user picks a value (not on resets): dependent fields follow from here. */
  onValueChange?: (value: number | null) => void;
};

/**
 * The select TextField's props that come from its form field: name, ref, disabled, blur, and the
 * form's error (else the given helper text) under it.
 */
export function boundSelectProps(
  field: Pick<ControllerRenderProps, 'name' | 'ref' | 'disabled' | 'onBlur'>,
  fieldState: ControllerFieldState,
  own: { disabled?: boolean; error?: boolean; helperText?: ReactNode },
) {
  return {
    select: true,
    name: field.name,
    inputRef: field.ref,
    disabled: field.disabled || own.disabled,
    onBlur: field.onBlur,
    error: Boolean(fieldState.error) || own.error,
    helperText: fieldErrorText(fieldState.error) ?? own.helperText,
  };
}

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
  readOnly,
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
          {...boundSelectProps(field, fieldState, { disabled: props.disabled, error: props.error, helperText })}
          slotProps={readOnlySlotProps(props.slotProps, readOnly)}
          value={isSelectValue(field.value) ? String(field.value) : ''}
          onChange={(event) => {
            const value = event.target.value === '' ? null : Number(event.target.value);
            field.onChange(value);
            onValueChange?.(value);
          }}
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
