import Alert, { type AlertColor } from '@mui/material/Alert';
import { type CustomContentProps, closeSnackbar, SnackbarContent } from 'notistack';
import { forwardRef } from 'react';

/** notistack content rendered as a filled MUI Alert; line breaks of the message are kept. */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast({ id, message, variant }, ref) {
  const severity: AlertColor = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent ref={ref} role={severity === 'error' ? 'alert' : 'status'}>
      <Alert
        severity={severity}
        variant="filled"
        onClose={() => closeSnackbar(id)}
        sx={{ whiteSpace: 'pre-line', width: '100%', maxWidth: 480, boxShadow: 3 }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
