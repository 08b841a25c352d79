import { useTranslation } from 'react-i18next';
import type { AreaPageProps } from '../../components/ui/area-types.ts';
import { DocumentsFlowList } from './documents-flow-list.tsx';
import { staffDocumentsFlowApi } from '../../api/documents-flow.ts';

/** /documents-flow: the documents of every client the user sees. */
export default function DocumentsFlowArea(_props: AreaPageProps) {
  const { t } = useTranslation('documents-flow');
  return <DocumentsFlowList api={staffDocumentsFlowApi} description={t('list.intro')} />;
}
