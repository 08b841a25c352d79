import { useTranslation } from 'react-i18next';
import { TimesheetsList } from './timesheets-list.tsx';

/** /timesheets: every row management sees, an employee's own. */
export default function TimesheetsPage() {
  const { t } = useTranslation('timesheets');
  return <TimesheetsList description={t('list.intro')} />;
}
