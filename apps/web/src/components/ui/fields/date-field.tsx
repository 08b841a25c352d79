import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { FieldValues } from 'react-hook-form';
import type { PickerCodec } from './picker-binding.ts';
import { PickerField, type PickerFieldProps } from './picker-field.tsx';

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

export interface DateFieldProps<T extends FieldValues> extends PickerFieldProps<T> {
  /** `YYYY-MM-DD`; never earlier than 1900-01-01. */
  minDate?: string;
  maxDate?: string;
}

/**
 * A business date (form value `YYYY-MM-DD`, or null when empty), typed or picked as dd.MM.yyyy,
 * not before 1900-01-01. Incomplete or impossible input gives `invalid_date`, earlier dates
 * `min_date`.
 */
export function DateField<T extends FieldValues>({ minDate, maxDate, ...props }: DateFieldProps<T>) {
  const min = businessDateToDate(minDate && minDate > MIN_DATE ? minDate : MIN_DATE) ?? undefined;
  return (
    <PickerField
      {...props}
      codec={codec}
      invalidKey="invalid_date"
      picker={(bound) => (
        <DatePicker {...bound} format={DATE_FORMAT} minDate={min} maxDate={businessDateToDate(maxDate) ?? undefined} />
      )}
    />
  );
}
