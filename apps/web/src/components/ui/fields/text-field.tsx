import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from './field-error.ts';
import { readOnlySlotProps } from './read-only.ts';

export type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'defaultValue'
> & {
  control: Control<T, any, any>;
  name: Path<T>;
  /** The value shown as text that cannot be changed (see readOnlySlotProps). */
  readOnly?: boolean;
};

/** A text input bound to react-hook-form; errors show as translated helper text. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  readOnly,
  ...props
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, ...field }, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={value ?? ''}
          inputRef={ref}
          error={Boolean(fieldState.error) || props.error}
          helperText={fieldErrorText(fieldState.error) ?? helperText}
          slotProps={readOnlySlotProps(props.slotProps, readOnly)}
        />
      )}
    />
  );
}
