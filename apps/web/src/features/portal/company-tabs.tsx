import type { PortalContractRow } from '@kantora/domain';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalCompanyTabProps } from '../../components/ui/area-types.ts';
import { ContractPreviewButton, useContractColumns } from '../../components/entities/contract-columns.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { type ListRequest, useListState } from '../../components/ui/use-list-query.ts';
import { PortalBillingTable } from './billing-table.tsx';
import { PORTAL_ROUTES, type PortalKind, portalApi, portalKeys } from '../../api/portal.ts';
import { addressLine } from './portal-parts.tsx';

/** The company's contracts (never drafts), the latest start first. */
export function CompanyContractsTab({ company }: PortalCompanyTabProps) {
  const { t } = useTranslation(['portal', 'contracts']);
  const list = useListState({ sortBy: 'fromDate', sortDesc: true });
  const fetcher = useMemo(
    () => (request: ListRequest) => portalApi.companyContracts(company._id, request),
    [company._id],
  );
  const columns = useContractColumns({ withCompany: false });
  return (
    <SectionCard title={t('contracts.title')} flush>
      <DataTable<PortalContractRow>
        embedded
        queryKey={[...portalKeys.contracts, 'company', company._id]}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('contracts.title')}
        emptyText={t('company.contracts_empty')}
        rowActions={(row) => <ContractPreviewButton row={row} base={PORTAL_ROUTES.contracts} />}
      />
    </SectionCard>
  );
}

function CompanyBillingTab({ kind, companyId }: { kind: PortalKind; companyId: string }) {
  const { t } = useTranslation(['portal', 'billing']);
  const fetcher = useMemo(
    () => (request: ListRequest) => portalApi.companyBilling(kind, companyId, request),
    [kind, companyId],
  );
  const title = t(`${kind}.list_title`);
  return (
    <SectionCard title={title} flush>
      <PortalBillingTable
        embedded
        kind={kind}
        queryKey={[...portalKeys.billing(kind), 'company', companyId]}
        fetcher={fetcher}
        label={title}
        emptyText={t('company.billing_empty')}
      />
    </SectionCard>
  );
}

/** The company's issued invoices, each with its preview. */
export function CompanyInvoicesTab({ company }: PortalCompanyTabProps) {
  return <CompanyBillingTab kind="invoice" companyId={company._id} />;
}

/** The company's issued proforma invoices, each with its preview. */
export function CompanyProformasTab({ company }: PortalCompanyTabProps) {
  return <CompanyBillingTab kind="proforma" companyId={company._id} />;
}

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;

/**
 * The contact persons of the company's offices (headquarters first): name and position, phone and e-mail, and the
 * office's address; phones show the contact's phone and e-mail under the name.
 */
export function CompanyContactsTab({ company }: PortalCompanyTabProps) {
  const { t, i18n } = useTranslation(['portal', 'clients']);
  const locale = i18n.language;
  const rows = company.offices.flatMap((office) => office.contacts.map((contact) => ({ contact, office })));
  const title = t('company.tabs.contacts');
  return (
    <SectionCard title={title} flush>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('clients:fields.contact_name')}</TableCell>
              <TableCell sx={wide}>{t('clients:fields.phone')}</TableCell>
              <TableCell sx={wide}>{t('clients:fields.email')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('company.office')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ contact, office }) => {
              const name = [contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ');
              return (
                <TableRow key={contact._id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box sx={{ fontWeight: 500 }}>{name}</Box>
                    {contact.position && (
                      <Typography variant="body2" color="text.secondary">
                        {contact.position}
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ display: { xs: 'block', md: 'none' }, overflowWrap: 'anywhere' }}>
                      {[contact.phone, contact.email].filter(Boolean).join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{contact.phone}</TableCell>
                  <TableCell sx={{ ...wide, overflowWrap: 'anywhere' }}>{contact.email}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {office.isHeadquarters && (
                      <Typography variant="body2" color="text.secondary">
                        {t('clients:fields.is_headquarters')}
                      </Typography>
                    )}
                    {addressLine(office, locale)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length === 0 && (
        <Box sx={{ py: 4, px: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">{t('company.contacts_empty')}</Typography>
        </Box>
      )}
    </SectionCard>
  );
}
