import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from './field-error.ts';

export interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: Path<T>;
  label: ReactNode;
  helperText?: ReactNode;
  disabled?: boolean;
  /** The value shown at full colour but not changeable (announced read-only). */
  readOnly?: boolean;
  /** Called after the user flips it (not on resets). */
  onValueChange?: (value: boolean) => void;
}

/** A yes/no value (status, default account) as a labelled switch bound to react-hook-form. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  helperText,
  disabled,
  readOnly,
  onValueChange,
}: SwitchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const errorText = fieldErrorText(fieldState.error);
        return (
          <div>
            <FormControlLabel
              label={label}
              disabled={disabled || field.disabled}
              control={
                <Switch
                  name={field.name}
                  readOnly={readOnly}
                  slotProps={{ input: { ref: field.ref, 'aria-readonly': readOnly || undefined } }}
                  checked={field.value === true}
                  onChange={(event) => {
                    field.onChange(event.target.checked);
                    onValueChange?.(event.target.checked);
                  }}
                  onBlur={field.onBlur}
                />
              }
            />
            {(errorText || helperText) && (
              <FormHelperText error={Boolean(errorText)} sx={{ mt: 0, ml: 6.5 }}>
                {errorText ?? helperText}
              </FormHelperText>
            )}
          </div>
        );
      }}
    />
  );
}
