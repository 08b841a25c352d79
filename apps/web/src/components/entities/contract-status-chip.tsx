import { ContractStatus } from '@kantora/domain';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLORS = {
  [ContractStatus.draft]: 'default',
  [ContractStatus.registered]: 'success',
  [ContractStatus.canceled]: 'error',
  [ContractStatus.expired]: 'warning',
} as const;

/** A contract's status (0 draft, 1 registered, 2 canceled, 3 expired) as a coloured chip with its name. */
export function ContractStatusChip({ status, size = 'small' }: { status: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('contracts');
  const color = COLORS[status as keyof typeof COLORS] ?? 'default';
  // Whole, never cut short: a narrow table column makes room for it instead.
  return (
    <Chip
      size={size}
      color={color}
      variant={status === ContractStatus.draft ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
      sx={{ maxWidth: 'none', '& .MuiChip-label': { overflow: 'visible' } }}
    />
  );
}
