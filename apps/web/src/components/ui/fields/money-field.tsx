import InputAdornment from '@mui/material/InputAdornment';
import type { FieldValues } from 'react-hook-form';
import { NumericInput, type NumericFieldProps } from './numeric-input.tsx';

export type MoneyFieldProps<T extends FieldValues> = Omit<NumericFieldProps<T>, 'decimals' | 'fixed'> & {
  /** Currency label shown after the amount, e.g. BGN. */
  currency?: string;
};

/** An amount of money: two decimals, rounded half away from zero, locale formatting on blur. */
export function MoneyField<T extends FieldValues>({ currency, slotProps, ...props }: MoneyFieldProps<T>) {
  return (
    <NumericInput
      {...props}
      decimals={2}
      fixed
      slotProps={{
        ...slotProps,
        input: currency ? { endAdornment: <InputAdornment position="end">{currency}</InputAdornment> } : undefined,
      }}
    />
  );
}
