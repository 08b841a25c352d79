import ChecklistRtl from '@mui/icons-material/ChecklistRtl';
import type { SetupStatus } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { SETUP_PATH, useSetupStatus } from './setup-status.ts';

function NoticeText({ status }: { status: SetupStatus }) {
  const { t } = useTranslation('settings');
  const done = status.items.filter((item) => item.done).length;
  return (
    <Alert
      severity="info"
      icon={<ChecklistRtl fontSize="inherit" />}
      role="status"
      sx={{
        mb: 2,
        alignItems: 'center',
        // On phones the link goes under the text, in line with it.
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
        '& .MuiAlert-action': {
          flexBasis: { xs: '100%', sm: 'auto' },
          ml: { xs: 0, sm: 'auto' },
          pl: { xs: 4.25, sm: 2 },
          pt: 0,
          pb: { xs: 1, sm: 0 },
        },
      }}
      action={
        <Button
          component={Link}
          to={SETUP_PATH}
          color="inherit"
          variant="outlined"
          size="small"
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('setup.notice_link')}
        </Button>
      }
    >
      {t('setup.notice', { done, total: status.items.length })}
    </Alert>
  );
}

/**
 * Above every page of the administrator's shell until the first-run checklist is complete (not on the checklist's
 * own page): what is left, and a link to the checklist.
 */
export function SetupNotice({ enabled }: { enabled: boolean }) {
  const { pathname } = useLocation();
  const { data } = useSetupStatus(enabled, true);
  if (!enabled || !data || data.complete || pathname === SETUP_PATH) return null;
  return (
    <Suspense fallback={null}>
      <NoticeText status={data} />
    </Suspense>
  );
}
