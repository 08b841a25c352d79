import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** What a page shows when its data did not load (the toast said why): a retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        <Button color="inherit" size="small" startIcon={<Refresh />} onClick={onRetry}>
          {t('common:actions.reload')}
        </Button>
      }
    >
      {t('load_failed')}
    </Alert>
  );
}
