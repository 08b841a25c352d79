import { lazy } from 'react';
import type { AreaPageProps } from '../../components/area-types.ts';

const TimesheetsPage = lazy(() => import('./timesheets-page.tsx'));

/** The timesheets area: the list (the dialog opens from it, from the tabs and from the top bar). */
export default function TimesheetsArea({ route }: AreaPageProps) {
  return route.path === '/timesheets' ? <TimesheetsPage /> : null;
}
