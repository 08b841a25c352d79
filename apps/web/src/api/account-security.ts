import type {
  forgotPasswordSchema,
  MfaEnableAnswer,
  mfaDisableSchema,
  mfaEnableSchema,
  mfaResetSchema,
  MfaSetupAnswer,
  mfaSetupSchema,
  MfaStatus,
  mfaVerifySchema,
  resetPasswordSchema,
  SecuritySettingsView,
  securitySettingsSaveSchema,
  sessionEndSchema,
  SessionTokenAnswer,
  SessionView,
} from '@kantora/domain';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** The body of POST /api/auth/forgotPassword. */
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;
/** The body of POST /api/auth/resetPassword. */
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;
/** The body of POST /api/auth/mfa/verify. */
export type MfaVerifyRequest = z.input<typeof mfaVerifySchema>;
/** The body of POST /api/auth/mfa/setup (the mfaToken only during a required setup at sign-in). */
export type MfaSetupRequest = z.input<typeof mfaSetupSchema>;
/** The body of POST /api/auth/mfa/enable. */
export type MfaEnableRequest = z.input<typeof mfaEnableSchema>;
/** The body of POST /api/auth/mfa/disable. */
export type MfaDisableRequest = z.input<typeof mfaDisableSchema>;
/** The body of POST /api/settings/users/mfa/reset. */
export type MfaResetRequest = z.input<typeof mfaResetSchema>;
/** The body of POST /api/settings/security/save. */
export type SecuritySettingsSaveRequest = z.input<typeof securitySettingsSaveSchema>;
/** The body of POST /api/auth/sessions/end. */
export type SessionEndRequest = z.input<typeof sessionEndSchema>;

/** Query keys of the account's security (the second factor, the sessions) and of Settings → security. */
export const securityKeys = {
  all: ['account-security'] as const,
  mfaStatus: ['account-security', 'mfa-status'] as const,
  /** The signed-in user's sessions, or (admin) another user's. */
  sessions: (userId?: string) => ['account-security', 'sessions', userId ?? 'own'] as const,
  settings: ['settings', 'security'] as const,
};

/**
 * The calls of the account's security. The ones made before a sign-in is complete (forgotten password, reset, the
 * second step and a required setup with its mfaToken) send no bearer token, so a refusal there never reads as an
 * expired session.
 */
export const accountSecurityApi = {
  forgotPassword: (input: ForgotPasswordRequest) => api.post<boolean>('/auth/forgotPassword', input, { auth: false }),
  resetPassword: (input: ResetPasswordRequest) => api.post<boolean>('/auth/resetPassword', input, { auth: false }),
  verifyMfa: (input: MfaVerifyRequest) => api.post<SessionTokenAnswer>('/auth/mfa/verify', input, { auth: false }),
  setupMfa: (input: MfaSetupRequest) =>
    api.post<MfaSetupAnswer>('/auth/mfa/setup', input, { auth: input.mfaToken === undefined }),
  enableMfa: (input: MfaEnableRequest) =>
    api.post<MfaEnableAnswer>('/auth/mfa/enable', input, { auth: input.mfaToken === undefined }),
  disableMfa: (input: MfaDisableRequest) => api.post<boolean>('/auth/mfa/disable', input),
  mfaStatus: () => api.get<MfaStatus>('/auth/mfa/status'),
  resetUserMfa: (input: MfaResetRequest) => api.post<boolean>('/settings/users/mfa/reset', input),
  sessions: (userId?: string) =>
    api.get<SessionView[]>(userId ? `/auth/sessions?userId=${encodeURIComponent(userId)}` : '/auth/sessions'),
  endSession: (input: SessionEndRequest) => api.post<boolean>('/auth/sessions/end', input),
  settings: () => api.get<SecuritySettingsView>('/settings/security'),
  saveSettings: (input: SecuritySettingsSaveRequest) =>
    api.post<SecuritySettingsView>('/settings/security/save', input),
};

/**
 * The reads several screens share, as TanStack query options. Both are read afresh whenever a page shows them (no
 * stale time): a sign-in elsewhere, or one with a recovery code, changes them without this browser's doing.
 */
export const securityQueries = {
  mfaStatus: () =>
    queryOptions({ queryKey: securityKeys.mfaStatus, queryFn: accountSecurityApi.mfaStatus, staleTime: 0 }),
  sessions: (userId?: string) =>
    queryOptions({
      queryKey: securityKeys.sessions(userId),
      queryFn: () => accountSecurityApi.sessions(userId),
      staleTime: 0,
    }),
};
