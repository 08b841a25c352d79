import type { MailState } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { darken, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MailState, 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  sent: 'success',
  failed: 'error',
  held: 'warning',
};

/**
 * A message's state: queued, sent, failed, held (no mail server configured). The outlined ones write their text in
 * a darker shade of their colour, so it reads on white (WCAG AA: the theme's info and warning are too light for text).
 */
export function MailStateChip({ state }: { state: MailState }) {
  const { t } = useTranslation('mail');
  const color = COLORS[state];
  return (
    <Chip
      size="small"
      color={color}
      variant={state === 'sent' ? 'filled' : 'outlined'}
      label={t(`state.${state}`)}
      sx={
        state === 'sent'
          ? undefined
          : { color: (theme: Theme) => darken(theme.palette[color].dark, color === 'error' ? 0 : 0.35) }
      }
    />
  );
}

/** Held and failed messages can go back to the queue (the server needs a mail server for that). */
export const canRetryMail = (mail: { state: MailState }) => mail.state === 'failed' || mail.state === 'held';
