import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { localized } from '../../lib/labels.ts';
import type { ReverseChargeProposal } from './reverse-charge.ts';

/**
 * What the editor did when the customer was picked: the reverse charge proposed (VAT not charged, the AE type), with
 * the way back to charging VAT; or, with no reverse-charge type set up, the advice alone. Shown by the recipient.
 */
export function ReverseChargeNotice({ proposal, onUndo }: { proposal: ReverseChargeProposal; onUndo: () => void }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Alert severity="info" role="status" sx={{ mt: 2 }}>
      {t(proposal.type ? 'reverse_charge.proposed' : 'reverse_charge.no_type', {
        customer: localized(proposal.customer, i18n.language),
        vatNumber: proposal.vatNumber,
        type: proposal.type ? localized(proposal.type.name, i18n.language) : '',
      })}
      {proposal.type && (
        <Box sx={{ mt: 1 }}>
          <Button color="inherit" variant="outlined" size="small" onClick={onUndo}>
            {t('reverse_charge.undo')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
