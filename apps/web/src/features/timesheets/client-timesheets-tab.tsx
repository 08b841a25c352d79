import type { ClientOption } from '@kantora/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import { clientsApi } from '../../api/clients.ts';
import { timesheetKeys } from '../../api/timesheets.ts';
import { TimesheetsList } from './timesheets-list.tsx';

/** The client page's timesheets tab: the client's rows (an employee's own); new rows start with the client. */
export default function ClientTimesheetsTab({ clientId }: ClientTabProps) {
  const { t } = useTranslation('timesheets');
  // The client's name for a new row's client field (the client page has it cached under this key).
  const client = useQuery({
    queryKey: timesheetKeys.client(clientId),
    queryFn: () => clientsApi.get(clientId),
    staleTime: 60_000,
  });
  const option: ClientOption = { _id: clientId, name: client.data?.name ?? { bg: '', it: '' } };
  return <TimesheetsList client={option} description={t('list.client_intro')} />;
}
