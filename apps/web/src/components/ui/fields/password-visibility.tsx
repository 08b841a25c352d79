import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Show or hide a password field's text: spread `type` and `slotProps` onto the field (the eye button at its end);
 * fields that share one toggle (a new password and its repeat) take the same `type`.
 */
export function usePasswordVisibility() {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    slotProps: {
      input: {
        endAdornment: (
          <InputAdornment position="end">
            <IconButton
              edge="end"
              onClick={() => setShown((now) => !now)}
              aria-label={t(shown ? 'hide_password' : 'show_password')}
            >
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        ),
      },
    },
  };
}
