import { lazy } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy.ts';

/** Pages kept out of the entry chunk: the sign-in page does not load the shell and vice versa. */
export const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
/** The signed-in shell: the route guard preloads it on a cold load while the user is being loaded. */
export const AppShell = preloadableLazy(() => import('./shell/app-shell.tsx'));
export const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));
export const NoAccessPage = lazy(() => import('../features/errors/no-access-page.tsx'));
export const PublicInvitation = lazy(() => import('./public-invitation.tsx'));
/** The forgotten-password pages, open without sign-in (their own chunks, like the sign-in page). */
export const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page.tsx'));
export const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page.tsx'));
