import type { ContractRow } from '@kantora/domain';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { ContractStatusChip } from './contract-status-chip.tsx';
import type { DataTableColumn } from '../ui/data-table.tsx';

const nowrap = (text: string) => <Box sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;

/** The columns of a contracts table (staff lists and the portal): name, company name (unless one client's list), from, to, status. */
export function useContractColumns({ withCompany }: { withCompany: boolean }): DataTableColumn<ContractRow>[] {
  const { i18n } = useTranslation('contracts');
  const locale = i18n.language;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return useMemo<DataTableColumn<ContractRow>[]>(
    () => [
      // Phones: the status under the name (no column of its own), so the client keeps its width.
      {
        field: `name.${locale}`,
        header: 'contracts:fields.contract',
        sortable: true,
        render: (row) =>
          phone ? (
            <>
              {localized(row.name, locale)}
              <Box sx={{ mt: 0.5 }}>
                <ContractStatusChip status={row.status} />
              </Box>
            </>
          ) : (
            localized(row.name, locale)
          ),
      },
      ...(withCompany
        ? [
            {
              field: `companyName.${locale}`,
              header: 'contracts:fields.company_name',
              sortable: true,
              render: (row) => localized(row.companyName, locale),
            } satisfies DataTableColumn<ContractRow>,
          ]
        : []),
      {
        field: 'fromDate',
        header: 'contracts:fields.from_date',
        sortable: true,
        hideBelow: 'md',
        priority: 3,
        render: (row) => nowrap(formatDate(row.fromDate)),
      },
      {
        field: 'toDate',
        header: 'contracts:fields.to_date',
        sortable: true,
        hideBelow: 'md',
        priority: 2,
        render: (row) => nowrap(formatDate(row.toDate)),
      },
      ...(phone
        ? []
        : [
            {
              field: 'status',
              header: 'contracts:fields.status',
              sortable: true,
              priority: 1,
              render: (row) => <ContractStatusChip status={row.status} />,
            } satisfies DataTableColumn<ContractRow>,
          ]),
    ],
    [locale, withCompany, phone],
  );
}

/** The preview button of a contract row: the staff page, or the portal's (`base` /my-contracts). */
export function ContractPreviewButton({ row, base = '/contracts' }: { row: ContractRow; base?: string }) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <Tooltip title={t('common:actions.preview')}>
      <IconButton
        component={Link}
        to={`${base}/${row._id}`}
        aria-label={`${t('common:actions.preview')}: ${localized(row.name, i18n.language)}`}
      >
        <Visibility fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
