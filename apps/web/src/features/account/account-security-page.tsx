import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { securityKeys, securityQueries } from '../../api/account-security.ts';
import { SessionsCard } from '../../components/entities/account-security/sessions-card.tsx';
import { TwoFactorSetupDialog } from '../../components/entities/account-security/two-factor-setup.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { notify } from '../../lib/notify.ts';
import { DisableTwoFactorDialog } from './disable-two-factor-dialog.tsx';

/** Two-factor sign-in: on or off, the recovery codes left, turn on (setup dialog) or off (with a code). */
function TwoFactorCard() {
  const { t } = useTranslation('security');
  const queryClient = useQueryClient();
  const status = useQuery(securityQueries.mfaStatus());
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: securityKeys.mfaStatus });

  let body: ReactNode;
  if (status.isPending) body = <PageLoader />;
  else if (status.isError)
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography color="error">{t('two_factor.load_failed')}</Typography>
        <Button variant="outlined" onClick={() => void status.refetch()}>
          {t('retry')}
        </Button>
      </Box>
    );
  else {
    const { enabled, recoveryCodesLeft, required } = status.data;
    body = (
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <LockOutlined color={enabled ? 'success' : 'disabled'} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>{t('two_factor.state')}</Typography>
          <Chip
            size="small"
            color={enabled ? 'success' : 'default'}
            variant={enabled ? 'filled' : 'outlined'}
            label={t(enabled ? 'two_factor.on' : 'two_factor.off')}
          />
        </Box>
        {enabled ? (
          <Typography color={recoveryCodesLeft <= 2 ? 'warning.dark' : 'text.secondary'}>
            {t('two_factor.codes_left', { count: recoveryCodesLeft })}
          </Typography>
        ) : (
          required && <Alert severity="warning">{t('two_factor.required')}</Alert>
        )}
        <Box>
          {enabled ? (
            <Button variant="outlined" color="error" onClick={() => setDialog('disable')} disabled={required}>
              {t('two_factor.turn_off')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setDialog('setup')}>
              {t('two_factor.turn_on')}
            </Button>
          )}
          {enabled && required && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('two_factor.required_keep')}
            </Typography>
          )}
        </Box>
      </Stack>
    );
  }

  return (
    <SectionCard title={t('two_factor.title')} subtitle={t('two_factor.intro')}>
      {body}
      <TwoFactorSetupDialog
        open={dialog === 'setup'}
        onClose={() => {
          setDialog(null);
          refresh();
        }}
      />
      <DisableTwoFactorDialog
        open={dialog === 'disable'}
        onClose={() => setDialog(null)}
        onDisabled={() => {
          setDialog(null);
          notify.success(t('two_factor.turned_off'));
          refresh();
        }}
      />
    </SectionCard>
  );
}

/** /account/security (profile menu): the user's own two-factor sign-in and sessions. */
export default function AccountSecurityPage() {
  const { t } = useTranslation('security');
  return (
    <>
      <PageToolbar description={t('page_intro')} />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 960, '& > section': { mb: 0 } }}>
        <TwoFactorCard />
        <SessionsCard />
      </Box>
    </>
  );
}
