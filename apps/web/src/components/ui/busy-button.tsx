import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

/**
 * A contained button held while its action runs (a form's submit, a send), a spinner in place of its icon meanwhile.
 * `disabled` adds other reasons to hold it.
 */
export function BusyButton({ busy, icon, disabled, ...props }: ButtonProps & { busy: boolean; icon?: ReactNode }) {
  return (
    <Button
      variant="contained"
      {...props}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : icon}
    />
  );
}
