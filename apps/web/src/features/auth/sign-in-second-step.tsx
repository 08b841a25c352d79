import { type MfaRequiredAnswer, mfaVerifySchema } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountSecurityApi } from '../../api/account-security.ts';
import { CodeField } from '../../components/entities/account-security/code-field.tsx';
import { TwoFactorSetup } from '../../components/entities/account-security/two-factor-setup.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { schemaResolver } from '../../lib/labels.ts';
import { BusyButton } from '../../components/ui/busy-button.tsx';

const codeForm = mfaVerifySchema.pick({ code: true });
type CodeValues = { code: string };

export interface SecondStepProps {
  /** signIn's answer after a correct password. */
  answer: MfaRequiredAnswer;
  /** The session token: the sign-in page goes on as after a sign-in without a second factor. */
  onSignedIn: (token: string) => void;
  /** Back to the user name and password (the step's token expired, or the user chose to). */
  onRestart: () => void;
}

/** The code from the authenticator app, or (after the switch) a recovery code. */
function CodeStep({ answer, onSignedIn, onRestart }: SecondStepProps) {
  const { t } = useTranslation('security');
  const [recovery, setRecovery] = useState(false);
  const form = useForm<CodeValues, any, CodeValues>({
    resolver: schemaResolver(codeForm),
    defaultValues: { code: '' },
  });

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const { token } = await accountSecurityApi.verifyMfa({
        mfaToken: answer.mfaToken,
        code: recovery ? code.trim() : code.replace(/\s+/g, ''),
      });
      onSignedIn(token);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        onRestart(); // the five minutes between the password and the code are over (the toast says so)
        return;
      }
      form.setValue('code', '');
      if (error instanceof ApiError && error.status === 400)
        form.setError('code', { type: 'server', message: error.message }, { shouldFocus: true });
    }
  });

  const switchKind = () => {
    setRecovery((current) => !current);
    form.reset({ code: '' });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="second-step-title">
      <Typography id="second-step-title" variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
        {t('sign_in.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(recovery ? 'sign_in.recovery_text' : 'sign_in.code_text')}
      </Typography>
      <Stack spacing={2.5}>
        <CodeField
          key={recovery ? 'recovery' : 'app'}
          control={form.control}
          name="code"
          label={t(recovery ? 'code.label_recovery' : 'code.label')}
          kind={recovery ? 'recovery' : 'app'}
          autoFocus
        />
        <BusyButton type="submit" size="large" busy={form.formState.isSubmitting}>
          {t('sign_in.verify')}
        </BusyButton>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
          <Link component="button" type="button" variant="body2" onClick={switchKind}>
            {t(recovery ? 'sign_in.use_app' : 'sign_in.use_recovery')}
          </Link>
          <Link component="button" type="button" variant="body2" onClick={onRestart}>
            {t('sign_in.back')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}

/** A staff user the administrator requires a second factor of, who has none yet: the setup, then signed in. */
function RequiredSetup({ answer, onSignedIn, onRestart }: SecondStepProps) {
  const { t } = useTranslation('security');
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
        {t('setup.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('setup.required_text')}
      </Typography>
      <TwoFactorSetup
        mfaToken={answer.mfaToken}
        onExpired={onRestart}
        onDone={(enabled) => {
          if (enabled.token) onSignedIn(enabled.token);
          else onRestart();
        }}
        secondaryAction={<Button onClick={onRestart}>{t('sign_in.back')}</Button>}
      />
    </Box>
  );
}

/** The sign-in's second step (loaded only when signIn asks for it): the code, or the required setup. */
export default function SignInSecondStep(props: SecondStepProps) {
  return props.answer.mfaSetupRequired ? <RequiredSetup {...props} /> : <CodeStep {...props} />;
}
