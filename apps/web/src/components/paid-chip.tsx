import { PaidState, type PaidStateValue } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const PAID_COLORS: Record<PaidStateValue, 'default' | 'success' | 'warning'> = { [PaidState.notPaid]: 'default', [PaidState.paid]: 'success', [PaidState.partial]: 'warning' };

/** The paid state of an invoice or a proforma (not paid, paid, partially paid) as a chip (billing and the portal). */
export function PaidChip({ state, size = 'small' }: { state: PaidStateValue; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('billing');
  return <Chip size={size} variant="outlined" color={PAID_COLORS[state]} label={t(`paid.${state}`)} sx={{ whiteSpace: 'nowrap' }} />;
}
