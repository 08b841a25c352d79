import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from './field-error.ts';
import { type PickerCodec, pickerErrorKey, pickerErrorText, usePickerBinding } from './picker-binding.ts';
import { PickersProvider } from './pickers-provider.tsx';

const pad = (value: number) => String(value).padStart(2, '0');

/** `HH:mm` -> a Date of today at that time (null when empty or malformed). */
export function timeToDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const date = new Date();
  date.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return date;
}

const codec: PickerCodec = {
  toDate: timeToDate,
  fromDate: (date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`,
};

export interface TimeFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

function TimeInput({
  field,
  formError,
  label,
  required,
  disabled,
  helperText,
}: Omit<TimeFieldProps<FieldValues>, 'control' | 'name'> & {
  field: ControllerRenderProps<FieldValues, string>;
  formError?: string;
}) {
  const { date, onChange, pickerError, setPickerError } = usePickerBinding(field, codec);
  const errorText = pickerErrorText(formError, pickerError);
  return (
    <TimePicker
      label={label}
      value={date}
      onChange={onChange}
      onError={(reason) => setPickerError(pickerErrorKey(reason, 'invalid_time'))}
      format="HH:mm"
      ampm={false}
      disabled={disabled || field.disabled}
      inputRef={field.ref}
      slotProps={{
        textField: {
          name: field.name,
          required,
          fullWidth: true,
          size: 'small',
          onBlur: field.onBlur,
          error: Boolean(errorText),
          helperText: errorText ?? helperText,
        },
      }}
    />
  );
}

/** A time of day (form value `HH:mm`, 24 hours, or null when empty). */
export function TimeField<T extends FieldValues>({ control, name, ...props }: TimeFieldProps<T>) {
  return (
    <PickersProvider>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <TimeInput
            {...props}
            field={field as unknown as ControllerRenderProps<FieldValues, string>}
            formError={fieldErrorText(fieldState.error)}
          />
        )}
      />
    </PickersProvider>
  );
}
