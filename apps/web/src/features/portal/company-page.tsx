import { MessageKeys, type PortalCompanyView } from '@kantora/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LazyTabs } from '../../components/ui/lazy-tabs.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { localized } from '../../lib/labels.ts';
import { PORTAL_ROUTES, portalQueries } from '../../api/portal.ts';
import { CompanyBalance } from './company-balance.tsx';
import { addressLine, DetailList, RecordHeader, RecordPending } from './portal-parts.tsx';
import { PORTAL_COMPANY_TABS } from './portal-tabs.ts';
import { usePortalRecord } from './use-portal-record.ts';

function CompanyPreview({ company }: { company: PortalCompanyView }) {
  const { t, i18n } = useTranslation(['portal', 'clients']);
  const locale = i18n.language;
  const headquarters = company.offices.find((office) => office.isHeadquarters) ?? company.offices[0];
  return (
    <>
      <RecordHeader
        title={localized(company.name, locale)}
        back={{ to: PORTAL_ROUTES.companies, label: t('companies.back') }}
      />
      <SectionCard title={t('company.details')}>
        <DetailList
          label={t('company.details')}
          items={[
            { key: 'bulstat', label: t('clients:fields.bulstat'), value: company.bulstat },
            { key: 'vatNumber', label: t('clients:fields.vat_number'), value: company.vatNumber },
            {
              key: 'responsible',
              label: t('clients:fields.responsible_person'),
              value: localized(company.responsiblePerson, locale),
            },
            {
              key: 'address',
              label: t('clients:fields.address'),
              value: headquarters ? addressLine(headquarters, locale) : '',
            },
            { key: 'phone', label: t('clients:fields.phone'), value: company.phone },
            { key: 'email', label: t('clients:fields.email'), value: company.email },
          ]}
        />
      </SectionCard>
      <CompanyBalance company={company} />
      <LazyTabs
        tabs={PORTAL_COMPANY_TABS}
        panelProps={{ company }}
        idPrefix="my-company"
        label={(key) => t(`company.tabs.${key}`)}
        ariaLabel={t('company.tabs.label')}
      />
    </>
  );
}

/**
 * /my-companies/{id}: one of the user's companies with its tabs (contracts, invoices, proforma invoices, document
 * flow, contact persons). Another company or an unknown id returns to /my-companies.
 */
export default function PortalCompanyPage() {
  const { t } = useTranslation('portal');
  const { id } = useParams();
  const record = usePortalRecord({
    query: portalQueries.company,
    id,
    listPath: PORTAL_ROUTES.companies,
    notFound: MessageKeys.the_client_was_not_found,
  });
  if (!record.data)
    return <RecordPending failed={record.failed} back={{ to: PORTAL_ROUTES.companies, label: t('companies.back') }} />;
  return <CompanyPreview key={record.data._id} company={record.data} />;
}
