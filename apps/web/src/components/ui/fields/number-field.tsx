import type { FieldValues } from 'react-hook-form';
import { NumericInput, type NumericFieldProps } from './numeric-input.tsx';

export type NumberFieldProps<T extends FieldValues> = NumericFieldProps<T>;

/** A plain number (quantities, rates): up to `decimals` places (default 2), locale format on blur. */
export function NumberField<T extends FieldValues>(props: NumberFieldProps<T>) {
  return <NumericInput {...props} />;
}
