/**
 * Account security: password reset by e-mail, two-factor sign-in (TOTP, RFC 6238) and sessions
 * (docs/decisions.md, "Account security").
 *
 * Calls:
 * - POST /api/auth/signIn            `signInSchema` → `SignInAnswer`: `{token, expiration}` as always for a user
 *                                    without a second factor; `{mfaRequired: true, mfaToken}` with one;
 *                                    `{mfaRequired: true, mfaToken, mfaSetupRequired: true}` for a staff user without
 *                                    one while the administrator requires it.
 * - POST /api/auth/mfa/verify        `mfaVerifySchema` → `{token, expiration}`; a wrong code 400 `mfa_code_invalid`,
 *                                    too many wrong codes 429 `too_many_attempts`.
 * - POST /api/auth/mfa/setup         `mfaSetupSchema` → `MfaSetupAnswer` (signed in, or with the mfaToken during a
 *                                    required setup).
 * - POST /api/auth/mfa/enable        `mfaEnableSchema` → `MfaEnableAnswer` (`token`/`expiration` when it completes a
 *                                    required setup's sign-in).
 * - POST /api/auth/mfa/disable       `mfaDisableSchema` → true.
 * - GET  /api/auth/mfa/status        → `MfaStatus`.
 * - POST /api/settings/users/mfa/reset `mfaResetSchema` (admin, logged) → true.
 * - GET  /api/settings/security      → `SecuritySettingsView` (admin).
 * - POST /api/settings/security/save `securitySettingsSaveSchema` → `SecuritySettingsView` (admin).
 * - POST /api/auth/forgotPassword    `forgotPasswordSchema` → true, the same for every well-formed address.
 * - POST /api/auth/resetPassword     `resetPasswordSchema` → true, or 400 `reset_link_invalid` (unknown, used or
 *                                    expired: one key).
 * - GET  /api/auth/sessions          `sessionsQuerySchema` (`?userId=` for the administrator) → `SessionView[]`.
 * - POST /api/auth/sessions/end      `sessionEndSchema` → true (own session, or any user's for the administrator;
 *                                    another's or an unknown one: 404 `the_session_was_not_found`).
 */
import { z } from 'zod';
import { MessageKeys as M } from './messages.ts';
import { emailSchema, idSchema } from './schemas.ts';

/** What signIn and mfa/verify answer once the sign-in is complete (the spec's answer). */
export interface SessionTokenAnswer {
  token: string;
  expiration: string;
}

/** signIn's answer when a second factor is needed (or has to be set up first). */
export interface MfaRequiredAnswer {
  mfaRequired: true;
  mfaToken: string;
  mfaSetupRequired?: true;
}

export type SignInAnswer = SessionTokenAnswer | MfaRequiredAnswer;

/** The token between the password and the second factor: 5 minutes, never accepted as a session. */
const mfaTokenField = z.string({ error: M.field_is_required }).min(1, M.field_is_required).max(4000, M.invalid_value);

/** A code: 6 digits of the authenticator app or a recovery code (spaces and dashes are the user's, not the code's). */
export const mfaCodeSchema = z
  .string({ error: M.field_is_required })
  .trim()
  .min(1, M.field_is_required)
  .max(64, M.invalid_value);

export const mfaVerifySchema = z.object({ mfaToken: mfaTokenField, code: mfaCodeSchema });
export type MfaVerifyInput = z.infer<typeof mfaVerifySchema>;

export const mfaSetupSchema = z.object({ mfaToken: mfaTokenField.optional() });
export type MfaSetupInput = z.infer<typeof mfaSetupSchema>;
export interface MfaSetupAnswer {
  secret: string;
  otpauthUrl: string;
}

export const mfaEnableSchema = z.object({ code: mfaCodeSchema, mfaToken: mfaTokenField.optional() });
export type MfaEnableInput = z.infer<typeof mfaEnableSchema>;
export interface MfaEnableAnswer {
  recoveryCodes: string[];
  token?: string;
  expiration?: string;
}

export const mfaDisableSchema = z.object({ code: mfaCodeSchema });
export type MfaDisableInput = z.infer<typeof mfaDisableSchema>;

export interface MfaStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  /** The administrator requires a second factor of this user (staff while the setting is on). */
  required: boolean;
}

export const mfaResetSchema = z.object({ userId: idSchema });
export type MfaResetInput = z.infer<typeof mfaResetSchema>;

export interface SecuritySettingsView {
  requireStaffMfa: boolean;
}
export const securitySettingsSaveSchema = z.object({
  requireStaffMfa: z.boolean({ error: M.invalid_value }),
});
export type SecuritySettingsSaveInput = z.infer<typeof securitySettingsSaveSchema>;

/** The shortest password (the spec's rule for the user page). */
export const MIN_PASSWORD_LENGTH = 6;
/** How long a reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

export const forgotPasswordSchema = z.object({ email: emailSchema.max(320, M.invalid_value) });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: M.reset_link_invalid }).trim().min(1, M.reset_link_invalid).max(200, M.reset_link_invalid),
  password: z
    .string({ error: M.field_is_required })
    .min(1, M.field_is_required)
    .min(MIN_PASSWORD_LENGTH, M.min_password)
    .max(200, M.invalid_value),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const sessionsQuerySchema = z.object({ userId: idSchema.optional() });
export type SessionsQueryInput = z.infer<typeof sessionsQuerySchema>;

export interface SessionView {
  _id: string;
  /** The session of the token that asks. */
  current: boolean;
  created: string;
  lastUsedAt: string;
  ip: string;
  userAgent: string;
  /** A short readable name from the user agent, e.g. "Chrome on Windows" ('' when it tells nothing). */
  device: string;
}

export const sessionEndSchema = z.object({ sessionId: idSchema });
export type SessionEndInput = z.infer<typeof sessionEndSchema>;
