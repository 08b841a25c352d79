import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/** Shown while the server reports a non-production environment. */
export function TestBanner() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      variant="filled"
      sx={{ borderRadius: 0, justifyContent: 'center', py: 0.25 }}
      role="status"
    >
      <strong>{t('test_banner.title')}</strong> — {t('test_banner.text')}
    </Alert>
  );
}
