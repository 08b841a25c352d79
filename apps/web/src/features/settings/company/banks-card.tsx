import Add from '@mui/icons-material/Add';
import Star from '@mui/icons-material/Star';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusIcon } from '../../../components/status-icon.tsx';
import { type ListRequest, useListState } from '../../../components/use-list-query.ts';
import { localized } from '../labels.ts';
import { type Bank, settingsApi, settingsKeys } from '../settings-api.ts';
import { BankDialog } from './bank-dialog.tsx';

/** The own company's bank accounts (active and inactive), newest first, with add and preview. */
export function BanksCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const [dialog, setDialog] = useState<{ id: string | null } | null>(null);
  // status null: every account, not only the active ones (the list's default).
  const fetcher = useMemo(() => (request: ListRequest) => settingsApi.listBanks({ ...request, myCompanyId: companyId, status: null }), [companyId]);

  const columns = useMemo<DataTableColumn<Bank>[]>(
    () => [
      { field: `name.${locale}`, header: 'settings:fields.bank_name', sortable: true, render: (row) => localized(row.name, locale) },
      { field: 'iban', header: 'settings:fields.iban', sortable: true, render: (row) => <Box component="span" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.iban}</Box> },
      { field: 'bic', header: 'settings:fields.bic', sortable: true },
      { field: 'currency', header: 'settings:fields.currency', sortable: true, render: (row) => row.currencyCode ?? '' },
      {
        field: 'default',
        header: 'settings:banks.default_column',
        render: (row) => (
          <Box sx={{ display: 'flex', gap: 0.5 }}>
            {row.default && <Chip size="small" color="primary" icon={<Star />} label={t('banks.default_bgn_short')} />}
            {row.default2 && <Chip size="small" color="secondary" icon={<Star />} label={t('banks.default_eur_short')} />}
          </Box>
        ),
      },
      {
        field: 'status',
        header: 'settings:fields.status',
        sortable: true,
        align: 'center',
        render: (row) => <StatusIcon active={row.status} label={t(row.status ? 'status.active' : 'status.inactive')} />,
      },
    ],
    [locale, t],
  );

  return (
    <SectionCard
      title={t('banks.title')}
      subtitle={t('banks.defaults_explained')}
      flush
      actions={
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ id: null })}>
          {t('banks.add')}
        </Button>
      }
    >
      <DataTable<Bank>
        embedded
        queryKey={settingsKeys.banks(companyId)}
        fetcher={fetcher}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('banks.title')}
        rowActions={(row) => (
          <Tooltip title={t('common:actions.preview')}>
            <IconButton aria-label={`${t('common:actions.preview')}: ${localized(row.name, locale)}`} onClick={() => setDialog({ id: row._id })}>
              <Visibility fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      />
      {dialog && <BankDialog key={dialog.id ?? 'new'} companyId={companyId} id={dialog.id} onClose={() => setDialog(null)} />}
    </SectionCard>
  );
}
