import type { LocalizedText } from '@kantora/domain';
import Box from '@mui/material/Box';
import { formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import type { DataTableColumn } from '../ui/data-table.tsx';

/** What a row of a contract's services shows, on the contract page and in the portal alike. */
export interface ContractServiceColumnsRow {
  code: string;
  name: LocalizedText;
  description: LocalizedText;
  price?: number;
}

/**
 * The columns of a contract's services: code, name, description and, where the reader sees prices, the contract's
 * price in its currency. The contract page adds who added the row; the portal shows these alone.
 */
export function contractServiceColumns<Row extends ContractServiceColumnsRow>(
  locale: string,
  { currency, prices }: { currency?: string; prices: boolean },
): DataTableColumn<Row>[] {
  const columns: DataTableColumn<Row>[] = [
    {
      field: 'code',
      header: 'contracts:services.code',
      sortable: true,
      hideBelow: 'sm',
      render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{row.code}</Box>,
    },
    {
      field: `name.${locale}`,
      header: 'contracts:services.name',
      sortable: true,
      render: (row) => localized(row.name, locale),
    },
    {
      field: 'description',
      header: 'contracts:services.description',
      hideBelow: 'md',
      render: (row) => localized(row.description, locale),
    },
  ];
  if (prices)
    columns.push({
      field: 'price',
      header: 'contracts:services.price',
      sortable: true,
      align: 'right',
      render: (row) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatMoney(row.price ?? null, currency)}</Box>,
    });
  return columns;
}
