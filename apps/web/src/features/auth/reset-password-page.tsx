import { MessageKeys, resetPasswordSchema } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { accountSecurityApi } from '../../api/account-security.ts';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { PublicFrame } from '../../components/ui/public-frame.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { resetSession } from '../../lib/session.ts';
import { PublicCard } from './forgot-password-page.tsx';
import { BusyButton } from '../../components/ui/busy-button.tsx';
import { usePasswordVisibility } from '../../components/ui/fields/password-visibility.tsx';

/**
 * The domain's password rule, and the repeat that must match it (the web's own check: the server gets one password);
 * its message is the screen's text, shown as it is.
 */
const resetForm = (mismatch: string) =>
  z
    .object({ password: resetPasswordSchema.shape.password, repeat: z.string() })
    .refine((values) => values.password === values.repeat, { path: ['repeat'], message: mismatch });
type ResetValues = z.input<ReturnType<typeof resetForm>>;

/**
 * /reset-password?token=… (the link of the reset mail, open without sign-in): a new password twice; then every session
 * of the account has ended and the user signs in on /login with a success notice. An unknown, used or expired link
 * says so and offers a new one.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('security');
  usePageTitle(t('routes:reset_password'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const [invalid, setInvalid] = useState(token === '');
  const passwordVisibility = usePasswordVisibility();
  const form = useForm<ResetValues, any, ResetValues>({
    resolver: schemaResolver(resetForm(t('reset.mismatch'))),
    defaultValues: { password: '', repeat: '' },
  });

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      await accountSecurityApi.resetPassword({ token, password });
    } catch (error) {
      // The link's one answer (unknown, used or expired), also as the token field's error of a malformed link.
      if (
        error instanceof ApiError &&
        error.status === 400 &&
        (error.message === t(`messages:${MessageKeys.reset_link_invalid}`) ||
          error.errors.some((item) => item.message === MessageKeys.reset_link_invalid))
      )
        setInvalid(true);
      return;
    }
    // Every session of the account ended, this browser's too.
    resetSession();
    notify.success(t('reset.done'));
    navigate('/login', { replace: true });
  });

  return (
    <PublicFrame languageDisabled={form.formState.isSubmitting}>
      <PublicCard>
        <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
          {t('reset.title')}
        </Typography>
        {invalid ? (
          <Stack spacing={2.5} sx={{ mt: 2 }}>
            <Alert severity="error">{t(`messages:${MessageKeys.reset_link_invalid}`)}</Alert>
            <Button component={RouterLink} to="/forgot-password" variant="contained" size="large">
              {t('reset.new_link')}
            </Button>
            <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
              {t('back_to_login')}
            </Link>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('reset.text')}
            </Typography>
            <Stack spacing={2.5}>
              <FormTextField
                control={form.control}
                name="password"
                type={passwordVisibility.type}
                label={t('reset.password')}
                autoComplete="new-password"
                autoFocus
                required
                size="medium"
                slotProps={passwordVisibility.slotProps}
              />
              <FormTextField
                control={form.control}
                name="repeat"
                type={passwordVisibility.type}
                label={t('reset.repeat')}
                autoComplete="new-password"
                required
                size="medium"
              />
              <BusyButton type="submit" size="large" busy={form.formState.isSubmitting}>
                {t('reset.submit')}
              </BusyButton>
            </Stack>
          </Box>
        )}
      </PublicCard>
    </PublicFrame>
  );
}
