import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { FieldValues } from 'react-hook-form';
import { instantToSofiaWall, sofiaWallToInstant } from '../../../lib/sofia-time.ts';
import { MIN_DATE, businessDateToDate } from './date-field.tsx';
import type { PickerCodec } from './picker-binding.ts';
import { PickerField, type PickerFieldProps } from './picker-field.tsx';

export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
/** Width of the picker's dialog on phones. */
export const DATE_TIME_DIALOG_WIDTH = 340;

const codec: PickerCodec = {
  toDate: (value) => {
    if (typeof value !== 'string' || value === '') return null;
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? null : instantToSofiaWall(instant);
  },
  fromDate: (date) => sofiaWallToInstant(date).toISOString(),
};

export type DateTimeFieldProps<T extends FieldValues> = PickerFieldProps<T>;

/**
 * A moment in time: the form value is an ISO 8601 UTC string (or null); it is shown and typed as
 * dd.MM.yyyy HH:mm, 24 hours, in Europe/Sofia, weeks starting on Monday.
 */
export function DateTimeField<T extends FieldValues>(props: DateTimeFieldProps<T>) {
  return (
    <PickerField
      {...props}
      codec={codec}
      invalidKey="invalid_date"
      picker={(bound) => (
        <DateTimePicker
          {...bound}
          format={DATE_TIME_FORMAT}
          ampm={false}
          minDate={businessDateToDate(MIN_DATE) ?? undefined}
          slotProps={{
            ...bound.slotProps,
            mobilePaper: { sx: { width: DATE_TIME_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } },
          }}
        />
      )}
    />
  );
}
