import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { TimesheetsPage } from './timesheets-pages.ts';

/** The timesheets area: the list (the dialog opens from it, from the tabs and from the top bar). */
export default function TimesheetsArea({ route }: AreaPageProps) {
  return route.path === '/timesheets' ? <TimesheetsPage /> : null;
}
