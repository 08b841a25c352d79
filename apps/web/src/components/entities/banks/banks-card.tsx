import type { Bank } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Star from '@mui/icons-material/Star';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../ui/row-action.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { StatusIcon } from '../../ui/status-icon.tsx';
import { type ListRequest, useListState } from '../../ui/use-list-query.ts';
import { localized } from '../../../lib/labels.ts';
import { banksApi, banksKeys } from '../../../api/banks.ts';
import { BankDialog, type BankOwner, bankOwnerId } from './bank-dialog.tsx';

/**
 * The bank accounts (active and inactive) of the own company or of a client, newest first, with add
 * (unless `readOnly`) and preview. The default-mark column shows for the own company only.
 */
export function BanksCard({
  owner,
  readOnly = false,
  title,
}: {
  owner: BankOwner;
  readOnly?: boolean;
  title?: string;
}) {
  const companyId = bankOwnerId(owner);
  const ownCompany = 'myCompanyId' in owner;
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  // status null: every account, not only the active ones (the list's default).
  const fetcher = useMemo(
    () => (request: ListRequest) =>
      banksApi.list({ ...request, ...(ownCompany ? { myCompanyId: companyId } : { companyId }), status: null }),
    [companyId, ownCompany],
  );

  const columns = useMemo<DataTableColumn<Bank>[]>(
    () => [
      {
        field: `name.${locale}`,
        header: 'settings:fields.bank_name',
        sortable: true,
        render: (row) => localized(row.name, locale),
      },
      {
        field: 'iban',
        header: 'settings:fields.iban',
        sortable: true,
        render: (row) => (
          <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
            {row.iban}
          </Box>
        ),
      },
      { field: 'bic', header: 'settings:fields.bic', sortable: true },
      {
        field: 'currency',
        header: 'settings:fields.currency',
        sortable: true,
        render: (row) => row.currencyCode ?? '',
      },
      ...(ownCompany
        ? [
            {
              field: 'default',
              header: 'settings:banks.default_column',
              render: (row) => (
                <Box sx={{ display: 'flex', gap: 0.5 }}>
                  {row.default && (
                    <Chip size="small" color="primary" icon={<Star />} label={t('banks.default_bgn_short')} />
                  )}
                  {row.default2 && (
                    <Chip size="small" color="secondary" icon={<Star />} label={t('banks.default_eur_short')} />
                  )}
                </Box>
              ),
            } satisfies DataTableColumn<Bank>,
          ]
        : []),
      {
        field: 'status',
        header: 'settings:fields.status',
        sortable: true,
        align: 'center',
        render: (row) => <StatusIcon active={row.status} label={t(row.status ? 'status.active' : 'status.inactive')} />,
      },
    ],
    [locale, t, ownCompany],
  );

  return (
    <SectionCard
      title={title ?? t('banks.title')}
      subtitle={ownCompany ? t('banks.defaults_explained') : undefined}
      flush
      actions={
        !readOnly && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
            {t('banks.add')}
          </Button>
        )
      }
    >
      <DataTable<Bank>
        embedded
        queryKey={banksKeys.banks(companyId)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('banks.title')}
        rowActions={(row) => (
          <RowAction
            label={t('common:actions.preview')}
            target={localized(row.name, locale)}
            icon={<Visibility fontSize="small" />}
            onClick={() => setDialog({ id: row._id })}
          />
        )}
      />
      {dialog && (
        <BankDialog
          key={dialog.id ?? 'new'}
          owner={owner}
          readOnly={readOnly}
          id={dialog.id}
          onClose={() => setDialog(null)}
        />
      )}
    </SectionCard>
  );
}
