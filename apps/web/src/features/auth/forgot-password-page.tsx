import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { type ForgotPasswordInput, forgotPasswordSchema } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { accountSecurityApi } from '../../api/account-security.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { PublicFrame } from '../../components/ui/public-frame.tsx';
import { schemaResolver } from '../../lib/labels.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { BusyButton } from '../../components/ui/busy-button.tsx';

/** The narrow card of the public account pages (forgotten password, new password). */
export function PublicCard({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 5 }, boxShadow: 4 }}>
      {children}
    </Paper>
  );
}

/**
 * /forgot-password (open without sign-in): the e-mail address, then always the same answer, so nobody learns whether
 * an account exists; an active account gets a mail with a link to /reset-password.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('security');
  usePageTitle(t('routes:forgot_password'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput, any, ForgotPasswordInput>({
    resolver: schemaResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await accountSecurityApi.forgotPassword(values);
    } catch {
      return; // a malformed address or a network failure was shown
    }
    setSentTo(values.email);
  });

  return (
    <PublicFrame languageDisabled={form.formState.isSubmitting}>
      <PublicCard>
        <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
          {t('forgot.title')}
        </Typography>
        {sentTo ? (
          <Stack spacing={2.5} sx={{ mt: 2 }}>
            <Alert severity="success" icon={<MarkEmailReadOutlined />} role="status">
              {t('forgot.sent', { email: sentTo })}
            </Alert>
            <Typography color="text.secondary">{t('forgot.sent_hint')}</Typography>
            <Button component={RouterLink} to="/login" variant="contained" size="large">
              {t('back_to_login')}
            </Button>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('forgot.text')}
            </Typography>
            <Stack spacing={2.5}>
              <FormTextField
                control={form.control}
                name="email"
                type="email"
                label={t('forgot.email')}
                autoComplete="email"
                autoFocus
                required
                size="medium"
              />
              <BusyButton type="submit" size="large" busy={form.formState.isSubmitting}>
                {t('forgot.submit')}
              </BusyButton>
              <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
                {t('back_to_login')}
              </Link>
            </Stack>
          </Box>
        )}
      </PublicCard>
    </PublicFrame>
  );
}
