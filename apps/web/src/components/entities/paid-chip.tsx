import { PaidState, type PaidStateValue } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const PAID_COLORS: Record<PaidStateValue, 'default' | 'success' | 'warning'> = {
  [PaidState.notPaid]: 'default',
  [PaidState.paid]: 'success',
  [PaidState.partial]: 'warning',
};

export interface PaidChipProps {
  state: PaidStateValue;
  size?: 'small' | 'medium';
  /** Makes the chip a button (billing lists: management opens the document's payments). */
  onClick?: () => void;
  /** The button's accessible name (its text, the state, is added). */
  actionLabel?: string;
}

/** The paid state of an invoice or a proforma (not paid, paid, partially paid) as a chip (billing and the portal). */
export function PaidChip({ state, size = 'small', onClick, actionLabel }: PaidChipProps) {
  const { t } = useTranslation('billing');
  const label = t(`paid.${state}`);
  return (
    <Chip
      size={size}
      variant="outlined"
      color={PAID_COLORS[state]}
      label={label}
      onClick={onClick}
      aria-label={onClick && actionLabel ? `${actionLabel}: ${label}` : undefined}
      sx={{ whiteSpace: 'nowrap' }}
    />
  );
}
