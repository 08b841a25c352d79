import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

const QuickTimesheetDialog = lazy(() => import('../../features/timesheets/quick-timesheet-dialog.tsx'));

/**
 * The top bar's add-timesheet dialog (the timesheets area's multi-row form, loaded on first use): its rows start
 * with the client of the page it is opened on (a client's or a contract's page).
 */
export function AddTimesheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const location = useLocation();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <QuickTimesheetDialog path={location.pathname} onClose={onClose} />
    </Suspense>
  );
}
