import { MessageKeys, type MfaRequiredAnswer, permittedRoutes, type SignInInput } from '@kantora/domain';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { closeSnackbar } from 'notistack';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { OutlinedTextField } from '../../components/ui/fields/outlined-text-field.tsx';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { PublicFrame } from '../../components/ui/public-frame.tsx';
import { notify } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { loadSessionUser, resetSession, setSessionUser } from '../../lib/session.ts';
import { getToken, setToken } from '../../lib/token.ts';
import { authApi } from '../../api/auth.ts';
import { destinationAfterSignIn } from './redirect.ts';
import { BusyButton } from '../../components/ui/busy-button.tsx';
import { usePasswordVisibility } from '../../components/ui/fields/password-visibility.tsx';

/** The second factor's step, with the QR code library of a required setup: loaded only when signIn asks for it. */
const SignInSecondStep = lazy(() => import('./sign-in-second-step.tsx'));

type SignInErrors = Partial<Record<keyof SignInInput, string>>;

/**
 * signInSchema's checks (packages/domain/src/schemas.ts), as message keys per field. The sign-in page ships neither
 * zod nor react-hook-form (its JavaScript budget, docs/decisions.md); the server parses the values with the schema.
 */
function signInErrors({ username, password }: SignInInput): SignInErrors {
  const errors: SignInErrors = {};
  const name = username.trim();
  if (!name) errors.username = MessageKeys.field_is_required;
  else if (name.length > 320) errors.username = MessageKeys.invalid_value;
  if (!password) errors.password = MessageKeys.field_is_required;
  else if (password.length > 200) errors.password = MessageKeys.invalid_value;
  return errors;
}

/** /login: username and password, language menu, TEST banner; `redirect` and `notify` query values. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('routes:login'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(() => getToken() !== null);
  // Signed in and on the way out: the next page may still be loading (route changes run as transitions, so the
  // old page stays on screen meanwhile). A loader replaces the form and its language menu, so nothing here can be
  // clicked while it is about to disappear.
  const [leaving, setLeaving] = useState(false);
  const passwordVisibility = usePasswordVisibility();
  // After a correct password of a user with a second factor (or who must set one up): signIn's answer.
  const [secondStep, setSecondStep] = useState<MfaRequiredAnswer | null>(null);
  const notified = useRef<string | null>(null);
  // The form: checked on submit, then again on every change (as react-hook-form's forms elsewhere).
  const [values, setValues] = useState<SignInInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const change = (field: keyof SignInInput) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(signInErrors(next));
  };

  // `notify` (e.g. session_expired) shows once as an error toast.
  const notice = params.get('notify');
  useEffect(() => {
    if (notice && notified.current !== notice) {
      notified.current = notice;
      notify.error(notice);
    }
  }, [notice]);

  /** Goes on with a loaded user, or refuses a user without any permitted route. */
  const proceed = (access: number): boolean => {
    if (permittedRoutes(access).length === 0) {
      notify.error(MessageKeys.no_permitted_actions);
      resetSession();
      return false;
    }
    setLeaving(true);
    navigate(destinationAfterSignIn(params, access), { replace: true });
    return true;
  };

  // A signed-in user opening /login goes on; a dead token is dropped and the form shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once when the page opens
  useEffect(() => {
    if (!getToken()) {
      // Signed out or expired: forget the previous user (the shell drops their cached data).
      setSessionUser(null);
      return;
    }
    let active = true;
    loadSessionUser()
      .then((user) => {
        if (active && !proceed(user.access)) setChecking(false);
      })
      .catch(() => {
        if (!active) return;
        resetSession();
        setChecking(false);
      });
    return () => {
      active = false;
    };
  }, []);

  /** Keeps the session token and goes on to the user's page. */
  const finishSignIn = async (token: string) => {
    setToken(token);
    setSessionUser(null);
    closeSnackbar(); // an earlier "wrong password" or "wrong code" toast is no longer true
    try {
      const user = await loadSessionUser();
      proceed(user.access);
    } catch {
      resetSession();
      setSecondStep(null);
      notify.error(MessageKeys.generic_error);
    }
  };

  const signIn = async () => {
    let answer: Awaited<ReturnType<typeof authApi.signIn>>;
    try {
      answer = await authApi.signIn({ username: values.username.trim(), password: values.password });
    } catch {
      return; // invalid_credentials / too_many_attempts were shown by the API client
    }
    if ('mfaRequired' in answer) {
      closeSnackbar();
      setSecondStep(answer);
      return;
    }
    await finishSignIn(answer.token);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = signInErrors(values);
    setSubmitted(true);
    setErrors(found);
    if (found.username || found.password) {
      // The first field in error takes the focus.
      (found.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    setSubmitting(true);
    void signIn().finally(() => setSubmitting(false));
  };

  const restart = () => {
    setSecondStep(null);
    setValues((now) => ({ ...now, password: '' }));
  };

  if (checking || leaving) return <PageLoader fullScreen />;
  // The required setup shows a QR code beside its key: the whole card, without the brand panel.
  const wide = secondStep?.mfaSetupRequired === true;

  return (
    <PublicFrame languageDisabled={submitting}>
      <Paper
        variant="outlined"
        sx={{
          width: '100%',
          maxWidth: 880,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: wide ? '1fr' : '1fr 1fr' },
          overflow: 'hidden',
          boxShadow: 4,
        }}
      >
        <Box
          sx={{
            display: { xs: 'none', md: wide ? 'none' : 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            p: 5,
            color: 'primary.contrastText',
            background: 'linear-gradient(150deg, #123463 0%, #1d4f91 60%, #4a78b8 100%)',
          }}
        >
          <BrandMark size={44} />
          <Box>
            <Typography variant="h2" component="p" sx={{ mb: 1.5 }}>
              {t('title')}
            </Typography>
            <Typography sx={{ opacity: 0.85 }}>{t('tagline')}</Typography>
          </Box>
        </Box>
        {secondStep ? (
          <Box sx={{ p: { xs: 3, sm: 5 } }}>
            <Suspense fallback={<PageLoader />}>
              <SignInSecondStep
                answer={secondStep}
                onSignedIn={(token) => void finishSignIn(token)}
                onRestart={restart}
              />
            </Suspense>
          </Box>
        ) : (
          <Box component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 3, sm: 5 } }}>
            <Typography variant="h1" sx={{ fontSize: '1.6rem', mb: 0.5 }}>
              {t('submit')}
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {t('subtitle')}
            </Typography>
            <Stack spacing={2.5}>
              <OutlinedTextField
                name="username"
                value={values.username}
                onChange={change('username')}
                error={errors.username}
                inputRef={usernameInput}
                label={t('username')}
                autoComplete="username"
                autoFocus
                required
                size="medium"
              />
              <OutlinedTextField
                name="password"
                value={values.password}
                onChange={change('password')}
                error={errors.password}
                inputRef={passwordInput}
                label={t('password')}
                type={passwordVisibility.type}
                autoComplete="current-password"
                required
                size="medium"
                endAdornment={passwordVisibility.slotProps.input.endAdornment}
              />
              <BusyButton type="submit" size="large" busy={submitting}>
                {t('submit')}
              </BusyButton>
              <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: 'center' }}>
                {t('forgot_password')}
              </Link>
            </Stack>
          </Box>
        )}
      </Paper>
    </PublicFrame>
  );
}
