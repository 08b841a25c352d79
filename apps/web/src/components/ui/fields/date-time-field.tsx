import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { type Control, Controller, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { instantToSofiaWall, sofiaWallToInstant } from '../../../lib/sofia-time.ts';
import { MIN_DATE, businessDateToDate } from './date-field.tsx';
import { fieldErrorText } from './field-error.ts';
import { type PickerCodec, pickerErrorKey, pickerErrorText, usePickerBinding } from './picker-binding.ts';
import { PickersProvider } from './pickers-provider.tsx';

export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
/** Width of the picker's dialog on phones (spec §5). */
export const DATE_TIME_DIALOG_WIDTH = 340;

const codec: PickerCodec = {
  toDate: (value) => {
    if (typeof value !== 'string' || value === '') return null;
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instantToSofiaWall(instant);
  },
  fromDate: (date) => sofiaWallToInstant(date).toISOString(),
};

export interface DateTimeFieldProps<T extends FieldValues> {
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

function DateTimeInput({
  field,
  formError,
  label,
  required,
  disabled,
  helperText,
}: Omit<DateTimeFieldProps<FieldValues>, 'control' | 'name'> & {
  field: ControllerRenderProps<FieldValues, string>;
  formError?: string;
}) {
  const { date, onChange, pickerError, setPickerError } = usePickerBinding(field, codec);
  const errorText = pickerErrorText(formError, pickerError);
  return (
    <DateTimePicker
      label={label}
      value={date}
      onChange={onChange}
      onError={(reason) => setPickerError(pickerErrorKey(reason, 'invalid_date'))}
      format={DATE_TIME_FORMAT}
      ampm={false}
      minDate={businessDateToDate(MIN_DATE) ?? undefined}
      disabled={disabled || field.disabled}
      inputRef={field.ref}
      slotProps={{
        mobilePaper: { sx: { width: DATE_TIME_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } },
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
 * A moment in time: the form value is an ISO 8601 UTC string (or null); it is shown and typed as
 * dd.MM.yyyy HH:mm, 24 hours, in Europe/Sofia, weeks starting on Monday.
 */
export function DateTimeField<T extends FieldValues>({ control, name, ...props }: DateTimeFieldProps<T>) {
  return (
    <PickersProvider>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <DateTimeInput
            {...props}
            field={field as unknown as ControllerRenderProps<FieldValues, string>}
            formError={fieldErrorText(fieldState.error)}
          />
        )}
      />
    </PickersProvider>
  );
}
