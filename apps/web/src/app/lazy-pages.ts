import { lazy } from 'react';

/** Pages kept out of the entry chunk: the sign-in page does not load the shell and vice versa. */
export const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
/** The signed-in shell's chunk; the route guard starts it while the user is being loaded. */
export const loadAppShell = () => import('./shell/app-shell.tsx');
export const AppShell = lazy(loadAppShell);
export const NotFoundPage = lazy(() => import('../features/errors/not-found-page.tsx'));
export const PublicInvitation = lazy(() => import('./public-invitation.tsx'));
