import MoreTimeOutlined from '@mui/icons-material/MoreTimeOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Placeholder of the quick timesheet entry: the real dialog comes with the timesheets area. */
export function AddTimesheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <MoreTimeOutlined color="primary" aria-hidden />
        {t('timesheet_dialog.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('timesheet_dialog.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
