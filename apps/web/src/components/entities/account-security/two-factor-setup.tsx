import ContentCopy from '@mui/icons-material/ContentCopy';
import { type MfaEnableAnswer, type MfaSetupAnswer, mfaEnableSchema } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountSecurityApi } from '../../../api/account-security.ts';
import { QrCode } from '../../ui/qr-code.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { schemaResolver } from '../../../lib/labels.ts';
import { CodeField, markCodeRefused } from './code-field.tsx';
import { copyText, RecoveryCodes } from './recovery-codes.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

const enableForm = mfaEnableSchema.pick({ code: true });
type EnableValues = { code: string };

/** The secret as the apps show it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {`${number}. ${title}`}
      </Typography>
      {children}
    </Box>
  );
}

export interface TwoFactorSetupProps {
  /** During a required setup at sign-in: the token between the password and the second factor. */
  mfaToken?: string;
  /** The recovery codes were shown and the user goes on (with the session token when it completed a sign-in). */
  onDone: (answer: MfaEnableAnswer) => void;
  /** The code was accepted: two-factor sign-in is on from now (the codes are still on screen). */
  onEnabled?: () => void;
  /** The mfaToken of a required setup has expired (401): the sign-in starts again. */
  onExpired?: () => void;
  /** Buttons shown beside the confirm button (cancel in a dialog, "back" at sign-in). */
  secondaryAction?: ReactNode;
}

/**
 * Turning on two-factor sign-in: the QR code (drawn here from the otpauth URL) and the secret as text, a code from the
 * app to confirm, then the ten recovery codes, shown once. Used by the account's security page (in a dialog) and by
 * the sign-in page when the administrator requires a second factor the user has not set up.
 */
export function TwoFactorSetup({ mfaToken, onDone, onEnabled, onExpired, secondaryAction }: TwoFactorSetupProps) {
  const { t } = useTranslation('security');
  const [enabled, setEnabled] = useState<MfaEnableAnswer | null>(null);
  // A new secret each time the setup opens (and no query cache: the sign-in page has none).
  const [setup, setSetup] = useState<
    { state: 'loading' } | { state: 'failed' } | { state: 'ready'; data: MfaSetupAnswer }
  >({
    state: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` starts the setup again (retry)
  useEffect(() => {
    let active = true;
    setSetup({ state: 'loading' });
    accountSecurityApi.setupMfa(mfaToken ? { mfaToken } : {}).then(
      (data) => active && setSetup({ state: 'ready', data }),
      () => active && setSetup({ state: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [mfaToken, attempt]);
  const form = useForm<EnableValues, any, EnableValues>({
    resolver: schemaResolver(enableForm),
    defaultValues: { code: '' },
  });

  const confirm = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await accountSecurityApi.enableMfa({
        code: code.replace(/\s+/g, ''),
        ...(mfaToken ? { mfaToken } : {}),
      });
      setEnabled(answer);
      onEnabled?.();
    } catch (error) {
      if (mfaToken && onExpired && error instanceof ApiError && error.status === 401) onExpired();
      else markCodeRefused(form.setError, error);
    }
  });

  if (enabled) {
    return (
      <Stack spacing={2}>
        <Typography>{t('setup.enabled')}</Typography>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {t('recovery.title')}
        </Typography>
        <Typography color="text.secondary">{t('recovery.intro')}</Typography>
        <RecoveryCodes codes={enabled.recoveryCodes} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" onClick={() => onDone(enabled)}>
            {t('recovery.saved')}
          </Button>
        </Box>
      </Stack>
    );
  }

  if (setup.state === 'loading') return <PageLoader />;
  if (setup.state === 'failed')
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography color="error">{t('setup.load_failed')}</Typography>
        <Stack direction="row" spacing={1}>
          {secondaryAction}
          <Button variant="outlined" onClick={() => setAttempt((count) => count + 1)}>
            {t('retry')}
          </Button>
        </Stack>
      </Stack>
    );

  const { secret, otpauthUrl } = setup.data;
  return (
    <Box component="form" noValidate onSubmit={confirm}>
      <Stack component="ol" spacing={2.5} sx={{ m: 0, p: 0 }}>
        <Step number={1} title={t('setup.scan_title')}>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
              gap: { xs: 1.5, sm: 3 },
              alignItems: 'center',
              justifyItems: { xs: 'center', sm: 'start' },
            }}
          >
            <Box sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}>
              <QrCode value={otpauthUrl} label={t('setup.qr_label')} size={176} />
            </Box>
            <Box sx={{ minWidth: 0, width: '100%' }}>
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('setup.scan_text')}
              </Typography>
              <Typography variant="body2" color="text.secondary" id="two-factor-secret-label">
                {t('setup.secret_label')}
              </Typography>
              <Box
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 0.5,
                  mt: 0.5,
                  pl: 1.5,
                  pr: 0.5,
                  py: 0.25,
                  bgcolor: 'grey.100',
                  borderRadius: 1,
                  maxWidth: '100%',
                }}
              >
                <Typography
                  aria-labelledby="two-factor-secret-label"
                  data-testid="two-factor-secret"
                  sx={{
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontSize: '1.05rem',
                    letterSpacing: '0.05em',
                    wordBreak: 'break-word',
                  }}
                >
                  {grouped(secret)}
                </Typography>
                <Tooltip title={t('setup.copy_secret')}>
                  <IconButton
                    aria-label={t('setup.copy_secret')}
                    onClick={() => void copyText(secret, t('setup.secret_copied'), t('copy_failed'))}
                  >
                    <ContentCopy fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          </Box>
        </Step>
        <Step number={2} title={t('setup.confirm_title')}>
          <Box sx={{ maxWidth: 320 }}>
            <CodeField
              control={form.control}
              name="code"
              label={t('code.label')}
              helperText={t('setup.confirm_hint')}
            />
          </Box>
        </Step>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }} useFlexGap>
        {secondaryAction}
        <BusyButton type="submit" busy={form.formState.isSubmitting}>
          {t('setup.confirm')}
        </BusyButton>
      </Stack>
    </Box>
  );
}

/**
 * The setup in a dialog (the account's security page). Closing it before the code was confirmed turns nothing on; once
 * the codes show, only "I have saved the codes" closes it, so they are not lost to a stray click.
 */
export function TwoFactorSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('security');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [codesShown, setCodesShown] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={codesShown ? undefined : onClose}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => setCodesShown(false) } }}
    >
      <DialogTitle id={titleId}>{t('setup.title')}</DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        {open && (
          <TwoFactorSetup
            onEnabled={() => setCodesShown(true)}
            onDone={onClose}
            secondaryAction={<Button onClick={onClose}>{t('cancel')}</Button>}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
