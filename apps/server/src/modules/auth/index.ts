/**
 * The auth module's public face: what app.ts, the seeds, the bench and the other modules may import from it.
 * The module's own files import each other directly; everyone else imports this file (test/module-boundaries.test.ts).
 */
export { accountRoutes, authRoutes } from './auth.routes.ts';
export { AuthService } from './auth.service.ts';
export type { MfaGate, MfaGateAnswer, SignInUser } from './auth.service.ts';
export { admitEvent, admitEvents, forgetEvents } from './rate-limit.ts';
export type { RateLimit } from './rate-limit.ts';
export { MfaCrypto } from './mfa-crypto.ts';
export { mfaRoutes } from './mfa.routes.ts';
export { MfaService } from './mfa.service.ts';
export { PasswordResetService } from './password-reset.service.ts';
export { hashPassword } from './passwords.ts';
export { SessionsService } from './sessions.service.ts';
export { SecuritySettingsService } from './security-settings.service.ts';
export { TokenService } from './tokens.ts';
