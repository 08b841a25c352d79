import { NoticeType, type PortalBillingRow } from '@kantora/domain';
import Box from '@mui/material/Box';
import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/ui/data-table.tsx';
import { PaidChip } from '../../components/entities/paid-chip.tsx';
import { type ListFetcher, useListState } from '../../components/ui/use-list-query.ts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { billingRoute, type PortalKind } from '../../api/portal.ts';
import { PreviewLink } from './portal-parts.tsx';

const nowrap = (text: string) => <Box sx={{ whiteSpace: 'nowrap' }}>{text}</Box>;

/** An amount never breaks inside its digits; on phones its currency may go under it. */
const money = (value: (row: PortalBillingRow) => number) => (row: PortalBillingRow) => (
  <Box sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' } }}>
    {formatMoney(value(row), row.currencyCode ?? undefined).replace(/(\d)\s(?=\d)/g, '$1\u00a0')}
  </Box>
);

/** The number, a notice's kind under it, the date below `xl` and the client on phones (where their columns are left out). */
function NumberCell({ row }: { row: PortalBillingRow }) {
  const { t, i18n } = useTranslation('billing');
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {row.number}
      {row.noticeType !== NoticeType.invoice && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
          {t(`notice.${row.noticeType}`)}
        </Box>
      )}
      <Box component="span" sx={{ display: { xs: 'block', xl: 'none' }, color: 'text.secondary', fontSize: '0.8rem' }}>
        {formatDate(row.date)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'block', sm: 'none' }, whiteSpace: 'normal', fontSize: '0.8rem' }}>
        {localized(row.companyName, i18n.language)}
      </Box>
    </Box>
  );
}

/** The bulstat, and the VAT number under it (two of the list's columns in one, so the table fits 1280 px). */
function IdentifiersCell({ row }: { row: PortalBillingRow }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {row.bulstat}
      {row.vatNumber && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8rem' }}>
          {row.vatNumber}
        </Box>
      )}
    </Box>
  );
}

/** The amount with VAT and the paid state under it. */
function TotalCell({ row }: { row: PortalBillingRow }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      {money((item) => item.totalAmount)(row)}
      <PaidChip state={row.isPaid} />
    </Box>
  );
}

/**
 * The columns of the portal's invoice and proforma lists: number, client, date, bulstat with the VAT number,
 * amount without VAT, amount with VAT (the paid state under it). Below `xl` (1280 px beside the drawer) the date goes
 * under the number; phones keep the number (with the date and client under it), the amount with VAT and the preview.
 */
export function usePortalBillingColumns(): DataTableColumn<PortalBillingRow>[] {
  const { i18n } = useTranslation('portal');
  const locale = i18n.language;
  return useMemo<DataTableColumn<PortalBillingRow>[]>(
    () => [
      { field: 'number', header: 'billing:fields.number', sortable: true, render: (row) => <NumberCell row={row} /> },
      {
        field: `companyName.${locale}`,
        header: 'billing:fields.client',
        sortable: true,
        hideBelow: 'sm',
        render: (row) => localized(row.companyName, locale),
      },
      {
        field: 'date',
        header: 'billing:fields.date',
        sortable: true,
        hideBelow: 'xl',
        render: (row) => nowrap(formatDate(row.date)),
      },
      {
        field: 'bulstat',
        header: 'portal:billing.identifiers',
        sortable: true,
        hideBelow: 'md',
        render: (row) => <IdentifiersCell row={row} />,
      },
      {
        field: 'amount',
        header: 'portal:billing.amount',
        sortable: true,
        align: 'right',
        hideBelow: 'md',
        render: money((row) => row.amount),
      },
      {
        field: 'totalAmount',
        header: 'portal:billing.total_amount',
        sortable: true,
        align: 'right',
        render: (row) => <TotalCell row={row} />,
      },
    ],
    [locale],
  );
}

export interface PortalBillingTableProps {
  kind: PortalKind;
  queryKey: QueryKey;
  fetcher: ListFetcher<PortalBillingRow>;
  label: string;
  emptyText: string;
  /** Inside a card (a tab). */
  embedded?: boolean;
}

/** Issued invoices or proformas, newest by date first, each with its preview button (the portal's route). */
export function PortalBillingTable({
  kind,
  queryKey,
  fetcher,
  label,
  emptyText,
  embedded = false,
}: PortalBillingTableProps) {
  const { t } = useTranslation('portal');
  const list = useListState({ sortBy: 'date', sortDesc: true });
  const columns = usePortalBillingColumns();
  return (
    <DataTable<PortalBillingRow>
      embedded={embedded}
      queryKey={queryKey}
      fetcher={fetcher}
      columns={columns}
      state={list.state}
      onStateChange={list.setState}
      label={label}
      emptyText={emptyText}
      rowActions={(row) => (
        <PreviewLink to={billingRoute(kind, row._id)} name={t(`${kind}.row_name`, { number: row.number ?? '' })} />
      )}
    />
  );
}
