import type { Locale, SignInAnswer, SignInInput } from '@kantora/domain';
import { api } from '../lib/api-client.ts';

/** The auth calls (getCurrentUserInfo lives with the session store in lib/session.ts, which the api floor sits on). */
export const authApi = {
  /**
   * The session token, or (a second factor) `{mfaRequired, mfaToken}` for the second step (features/auth). Failures
   * (400 invalid_credentials, 429 too_many_attempts) toast; never treated as session expiry.
   */
  signIn: (input: SignInInput) => api.post<SignInAnswer>('/auth/signIn', input, { auth: false }),
  signOut: () => api.post<unknown>('/auth/signOut', {}, { quiet: true }),
  saveLocale: (locale: Locale) => api.get<unknown>(`/settings/users/locale/${locale}`),
};
