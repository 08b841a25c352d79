import type { MailState } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS: Record<MailState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'info',
  sent: 'success',
  failed: 'error',
  held: 'warning',
};

/** A message's state: queued, sent, failed, held (no mail server configured). */
export function MailStateChip({ state }: { state: MailState }) {
  const { t } = useTranslation('mail');
  return (
    <Chip
      size="small"
      color={COLORS[state]}
      variant={state === 'sent' ? 'filled' : 'outlined'}
      label={t(`state.${state}`)}
    />
  );
}

/** Held and failed messages can go back to the queue (the server needs a mail server for that). */
export const canRetryMail = (mail: { state: MailState }) => mail.state === 'failed' || mail.state === 'held';
