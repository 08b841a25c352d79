import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { clientsApi } from '../../api/clients.ts';
import type { ClientTabProps } from '../../components/ui/area-types.ts';
import { DocumentsFlowList } from './documents-flow-list.tsx';
import { documentFlowKeys, staffDocumentsFlowApi } from '../../api/documents-flow.ts';

/** The client page's documentsFlow tab: its own filter, and new documents for this client. */
export default function DocumentsFlowTab({ clientId }: ClientTabProps) {
  const { t } = useTranslation('documents-flow');
  // The client's name for the new document's client field (every staff role may add documents).
  const client = useQuery({
    queryKey: [...documentFlowKeys.all(staffDocumentsFlowApi.base), 'client', clientId],
    queryFn: () => clientsApi.get(clientId),
    staleTime: 60_000,
  });
  if (client.isPending) return <PageLoader />;
  const option = client.data
    ? { _id: client.data._id, name: client.data.name, bulstat: client.data.bulstat }
    : { _id: clientId, name: { bg: '', it: '' } };
  return <DocumentsFlowList api={staffDocumentsFlowApi} client={option} description={t('tab.intro')} />;
}
