import { useRef, useState } from 'react';
import type { ControllerRenderProps, FieldValues } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n.ts';

/** Stored in the form while the typed text is not a complete valid value; schemas reject it. */
export const INVALID_INPUT = 'invalid';

export interface PickerCodec {
  /** Form value -> the picker's Date (null when empty or unreadable). */
  toDate: (value: unknown) => Date | null;
  /** A valid Date from the picker -> form value. */
  fromDate: (date: Date) => string;
}

/**
 * Binds a date/time picker (Date values) to a react-hook-form field holding a string. The picker's
 * own Date is kept while the user types, so an incomplete entry is not wiped by a re-render;
 * outside changes of the form value (reset) replace it.
 */
export function usePickerBinding(field: ControllerRenderProps<FieldValues, string>, codec: PickerCodec) {
  const [date, setDate] = useState<Date | null>(() => codec.toDate(field.value));
  const [pickerError, setPickerError] = useState<string | null>(null);
  const lastValue = useRef<unknown>(field.value);

  if (field.value !== lastValue.current) {
    lastValue.current = field.value;
    if (field.value !== INVALID_INPUT) {
      setDate(codec.toDate(field.value));
      setPickerError(null);
    }
  }

  const onChange = (next: Date | null) => {
    setDate(next);
    let value: string | null;
    if (next === null) value = null;
    else if (Number.isNaN(next.getTime())) value = INVALID_INPUT;
    else value = codec.fromDate(next);
    lastValue.current = value;
    field.onChange(value);
  };

  return { date, onChange, pickerError, setPickerError };
}

/** The message key of a picker validation reason. */
export function pickerErrorKey(reason: string | null, invalidKey: string): string | null {
  if (!reason) return null;
  if (reason === 'minDate') return 'min_date';
  if (reason === 'invalidDate') return invalidKey;
  return 'invalid_value';
}

export function pickerErrorText(formError: string | undefined, pickerError: string | null): string | undefined {
  return formError ?? (pickerError ? translateMessage(pickerError) : undefined);
}
