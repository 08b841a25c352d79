import type { ReactNode } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from './field-error.ts';
import { type PickerCodec, pickerErrorKey, pickerErrorText, usePickerBinding } from './picker-binding.ts';
import { PickersProvider } from './pickers-provider.tsx';

/** What every picker field (date, date and time, time) takes. */
export interface PickerFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** The date shown as text that cannot be changed (no calendar opens). */
  readOnly?: boolean;
  helperText?: string;
}

/** The props every picker gets: value, change, validation, and the small full-width text field with its error. */
export interface BoundPickerProps {
  label: string;
  value: Date | null;
  onChange: (next: Date | null) => void;
  onError: (reason: string | null) => void;
  disabled: boolean | undefined;
  readOnly: boolean | undefined;
  /** Read-only: no calendar button (a disabled one would read as an unavailable control). */
  disableOpenPicker: boolean | undefined;
  inputRef: ControllerRenderProps<FieldValues, string>['ref'];
  slotProps: {
    textField: {
      name: string;
      required: boolean | undefined;
      fullWidth: true;
      size: 'small';
      onBlur: () => void;
      error: boolean;
      helperText: string | undefined;
    };
  };
}

interface PickerSpec {
  /** Form value <-> the picker's Date. */
  codec: PickerCodec;
  /** Message key for incomplete or impossible input. */
  invalidKey: string;
  /** Draws the picker from the bound props, adding its own (format, limits). */
  picker: (bound: BoundPickerProps) => ReactNode;
}

function PickerInput({
  field,
  formError,
  label,
  required,
  disabled,
  readOnly,
  helperText,
  codec,
  invalidKey,
  picker,
}: Omit<PickerFieldProps<FieldValues>, 'control' | 'name'> &
  PickerSpec & {
    field: ControllerRenderProps<FieldValues, string>;
    formError?: string;
  }) {
  const { date, onChange, pickerError, setPickerError } = usePickerBinding(field, codec);
  const errorText = pickerErrorText(formError, pickerError);
  return picker({
    label,
    value: date,
    onChange,
    onError: (reason) => setPickerError(pickerErrorKey(reason, invalidKey)),
    disabled: disabled || field.disabled,
    readOnly,
    disableOpenPicker: readOnly,
    inputRef: field.ref,
    slotProps: {
      textField: {
        name: field.name,
        required,
        fullWidth: true,
        size: 'small',
        onBlur: field.onBlur,
        error: Boolean(errorText),
        helperText: errorText ?? helperText,
      },
    },
  });
}

/**
 * A date/time picker bound to a react-hook-form field holding a string: the pickers' locale
 * provider, the form controller, the binding of the picker's Date to the form value, and the
 * error shown under the field (the form's, else the picker's own). The date, date-time and time
 * fields are this with their codec and picker.
 */
export function PickerField<T extends FieldValues>({ control, name, ...props }: PickerFieldProps<T> & PickerSpec) {
  return (
    <PickersProvider>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <PickerInput
            {...props}
            field={field as unknown as ControllerRenderProps<FieldValues, string>}
            formError={fieldErrorText(fieldState.error)}
          />
        )}
      />
    </PickersProvider>
  );
}
