import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { FieldValues } from 'react-hook-form';
import type { PickerCodec } from './picker-binding.ts';
import { PickerField, type PickerFieldProps } from './picker-field.tsx';

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

export type TimeFieldProps<T extends FieldValues> = PickerFieldProps<T>;

/** A time of day (form value `HH:mm`, 24 hours, or null when empty). */
export function TimeField<T extends FieldValues>(props: TimeFieldProps<T>) {
  return (
    <PickerField
      {...props}
      codec={codec}
      invalidKey="invalid_time"
      picker={(bound) => <TimePicker {...bound} format="HH:mm" ampm={false} />}
    />
  );
}
