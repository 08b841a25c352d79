import type { ClientOption } from '@kantora/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientKeys, clientsApi } from '../../api/clients.ts';
import { clientLabel } from './client-search.tsx';
import { useDebounced } from '../ui/use-search-input.ts';
import { DataTable, type DataTableColumn } from '../ui/data-table.tsx';
import { type ListRequest, useListState } from '../ui/use-list-query.ts';

export interface ClientPickerProps {
  open: boolean;
  onClose: () => void;
  onSelect: (client: ClientOption) => void;
}

/** A modal list of the active clients the user sees, by name, each with a Select button. */
export function ClientPicker({ open, onClose, onSelect }: ClientPickerProps) {
  const { t, i18n } = useTranslation('clients');
  const locale = i18n.language;
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [name, setName] = useState('');
  const filter = useDebounced(name.trim(), 300);
  const list = useListState({ sortBy: `name.${locale}`, sortDesc: false });
  const filters = useMemo(() => ({ name: filter }), [filter]);
  const fetcher = useMemo(
    () => (request: ListRequest<{ name: string }>) => clientsApi.list({ ...request, status: true }),
    [],
  );
  const columns = useMemo<DataTableColumn<ClientOption>[]>(
    () => [
      {
        field: `name.${locale}`,
        header: 'clients:fields.name',
        sortable: true,
        render: (row) => clientLabel({ ...row, bulstat: undefined }, locale),
      },
      { field: 'bulstat', header: 'clients:fields.bulstat', sortable: true },
      { field: 'vatNumber', header: 'clients:fields.vat_number', sortable: true },
    ],
    [locale],
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('picker.title')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t('fields.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            list.resetPage();
          }}
          size="small"
          fullWidth
          sx={{ mb: 2 }}
        />
        {open && (
          <DataTable<ClientOption, { name: string }>
            queryKey={clientKeys.picker}
            fetcher={fetcher}
            filters={filters}
            columns={columns}
            state={list.state}
            onStateChange={list.setState}
            label={t('picker.title')}
            rowActions={(row) => (
              <Button
                size="small"
                variant="outlined"
                aria-label={`${t('picker.select')}: ${clientLabel({ ...row, bulstat: undefined }, locale)}`}
                onClick={() => {
                  onSelect(row);
                  onClose();
                }}
              >
                {t('picker.select')}
              </Button>
            )}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
