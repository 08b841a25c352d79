import type { AreaPageProps } from '../../components/ui/area-types.ts';
import i18n from '../../lib/i18n.ts';
import { preloadableLazy } from '../../lib/preloadable-lazy.ts';

/**
 * The timesheets list, a chunk of its own: timesheets-area.tsx renders it, and app/areas.ts loads it on a cold load
 * (with its texts) together with the area. Small on purpose: it ships with the entry.
 */
export const TimesheetsPage = preloadableLazy(() => import('./timesheets-page.tsx'));

/** The list and its texts (its client filter: clients). */
export function preloadTimesheetsPage(route: AreaPageProps['route']): Promise<unknown> {
  if (route.path !== '/timesheets') return Promise.resolve();
  return Promise.all([TimesheetsPage.preload(), i18n.loadNamespaces(['timesheets', 'clients'])]);
}
