import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { PickersProvider } from './pickers-provider.tsx';

const toDate = (month: string) => new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1);
const toMonth = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`;

export interface MonthFieldProps {
  label: string;
  /** YYYY-MM. */
  value: string;
  onChange: (month: string) => void;
  disabled?: boolean;
}

/** A month (YYYY-MM), typed as MM.yyyy or picked (year, then month). */
export function MonthField({ label, value, onChange, disabled }: MonthFieldProps) {
  return (
    <PickersProvider>
      <DatePicker
        label={label}
        views={['year', 'month']}
        openTo="month"
        format="MM.yyyy"
        value={toDate(value)}
        minDate={new Date(1900, 0, 1)}
        disabled={disabled}
        onChange={(date) => {
          if (date && !Number.isNaN(date.getTime()) && date.getFullYear() >= 1900) onChange(toMonth(date));
        }}
        slotProps={{ textField: { size: 'small', sx: { width: 180 } } }}
      />
    </PickersProvider>
  );
}
