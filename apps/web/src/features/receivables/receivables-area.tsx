import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { OverduePage, ReceivablesPage } from './receivables-pages.ts';

/** The receivables area: the summary (/receivables) and the list behind it (/receivables/overdue). */
export default function ReceivablesArea({ route }: AreaPageProps) {
  return route.path === '/receivables/overdue' ? <OverduePage /> : <ReceivablesPage />;
}
