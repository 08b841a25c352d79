import { lazy } from 'react';
import type { AreaPageProps } from '../../components/ui/area-types.ts';

const AccountSecurityPage = lazy(() => import('./account-security-page.tsx'));

/** The signed-in user's own account: /account/security (two-factor sign-in and sessions). */
export default function AccountArea({ route }: AreaPageProps) {
  switch (route.path) {
    case '/account/security':
      return <AccountSecurityPage />;
  }
  return null;
}
