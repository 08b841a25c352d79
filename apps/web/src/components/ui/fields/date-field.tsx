import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { fieldErrorText } from './field-error.ts';
import { type PickerCodec, pickerErrorKey, pickerErrorText, usePickerBinding } from './picker-binding.ts';
import { PickersProvider } from './pickers-provider.tsx';

export const DATE_FORMAT = 'dd.MM.yyyy';
export const MIN_DATE = '1900-01-01';

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` -> local Date at midnight (null when empty or malformed). */
export function businessDateToDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  date.setFullYear(Number(match[1]));
  return date;
}

export function dateToBusinessDate(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const codec: PickerCodec = { toDate: businessDateToDate, fromDate: dateToBusinessDate };

export interface DateFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** `YYYY-MM-DD`; never earlier than 1900-01-01. */
  minDate?: string;
  maxDate?: string;
}

function DateInput({
  field,
  formError,
  label,
  required,
  disabled,
  helperText,
  minDate,
  maxDate,
}: Omit<DateFieldProps<FieldValues>, 'control' | 'name'> & {
  field: ControllerRenderProps<FieldValues, string>;
  formError?: string;
}) {
  const { date, onChange, pickerError, setPickerError } = usePickerBinding(field, codec);
  const errorText = pickerErrorText(formError, pickerError);
  const min = businessDateToDate(minDate && minDate > MIN_DATE ? minDate : MIN_DATE) ?? undefined;
  return (
    <DatePicker
      label={label}
      value={date}
      onChange={onChange}
      onError={(reason) => setPickerError(pickerErrorKey(reason, 'invalid_date'))}
      format={DATE_FORMAT}
      minDate={min}
      maxDate={businessDateToDate(maxDate) ?? undefined}
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

/**
 * A business date (form value `YYYY-MM-DD`, or null when empty), typed or picked as dd.MM.yyyy,
 * not before 1900-01-01. Incomplete or impossible input gives `invalid_date`, earlier dates
 * `min_date`.
 */
export function DateField<T extends FieldValues>({ control, name, ...props }: DateFieldProps<T>) {
  return (
    <PickersProvider>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <DateInput
            {...props}
            field={field as unknown as ControllerRenderProps<FieldValues, string>}
            formError={fieldErrorText(fieldState.error)}
          />
        )}
      />
    </PickersProvider>
  );
}
