import type { TextFieldProps } from '@mui/material/TextField';

type SlotProps = NonNullable<TextFieldProps['slotProps']>;

/**
 * A TextField's slot props with its input read-only: the value keeps the full text colour, can be focused and
 * selected, and is announced as read-only. For data that cannot be changed here (an issued document, a role that may
 * only look); `disabled` stays for a control that is unavailable for a moment.
 */
export function readOnlySlotProps(slotProps: TextFieldProps['slotProps'], readOnly: boolean | undefined) {
  if (!readOnly) return slotProps;
  const input = (slotProps?.input ?? {}) as Record<string, unknown>;
  return { ...slotProps, input: { ...input, readOnly: true } } as SlotProps;
}
