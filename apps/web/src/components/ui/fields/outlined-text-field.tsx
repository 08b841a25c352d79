import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, type Ref, useId } from 'react';
import { translateMessage } from '../../../lib/i18n.ts';

export interface OutlinedTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's message key (e.g. field_is_required), shown translated under it. */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  /** E.g. a password field's eye button. */
  endAdornment?: ReactNode;
}

/**
 * A controlled outlined text input, put together from the parts MUI's TextField renders when it is not a select
 * (form control, label, outlined input, helper text), with TextField's label, required mark, error text
 * (`aria-describedby`) and `aria-invalid`; not bound to react-hook-form. The sign-in page, whose JavaScript has a
 * budget (docs/decisions.md, cold page load), uses it: TextField imports its select, and with it the menu, popover and
 * modal, and FormTextField react-hook-form. Forms elsewhere use FormTextField.
 */
export function OutlinedTextField({
  label,
  value,
  onChange,
  error,
  required,
  size = 'small',
  endAdornment,
  ...input
}: OutlinedTextFieldProps) {
  const id = useId();
  const helperTextId = `${id}-helper-text`;
  const errorText = error ? translateMessage(error) : '';
  return (
    <FormControl fullWidth size={size} required={required} error={Boolean(error)}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        label={label}
        endAdornment={endAdornment}
        aria-describedby={errorText ? helperTextId : undefined}
      />
      {errorText && <FormHelperText id={helperTextId}>{errorText}</FormHelperText>}
    </FormControl>
  );
}
