import { useTranslation } from 'react-i18next';
import type { PortalCompanyTabProps } from '../../components/ui/area-types.ts';
import { MyCompanyField } from '../../components/entities/my-company-field.tsx';
import type { ClientFieldRenderer } from './document-flow-dialog.tsx';
import { portalCompanyDocumentsFlowApi, portalDocumentsFlowApi } from '../../api/documents-flow.ts';
import { DocumentsFlowList } from './documents-flow-list.tsx';

/** The client user's own companies as the client field of the filter (any) and of a document (required). */
const myCompanyField: ClientFieldRenderer = ({ control, name, label, required }) => (
  <MyCompanyField control={control} name={name} label={label} required={required} clearable={!required} />
);

/**
 * /my-documents-flow (the portal area routes here): the documents of the user's companies with the filter, a new
 * document for one of them, the preview (and, inside the lock window, the edit) of their own, and the downloads.
 */
export default function MyDocumentsFlowPage() {
  const { t } = useTranslation('documents-flow');
  return (
    <DocumentsFlowList api={portalDocumentsFlowApi} clientField={myCompanyField} description={t('portal.intro')} />
  );
}

/** The portal's company page tab: that company's documents (POST /api/my-companies/documents-flow/list {companyId}). */
export function MyCompanyDocumentsFlowTab({ company }: PortalCompanyTabProps) {
  const { t } = useTranslation('documents-flow');
  const client = { _id: company._id, name: company.name, bulstat: company.bulstat, vatNumber: company.vatNumber };
  return (
    <DocumentsFlowList
      api={portalCompanyDocumentsFlowApi}
      client={client}
      clientField={myCompanyField}
      description={t('portal.company_intro')}
    />
  );
}
