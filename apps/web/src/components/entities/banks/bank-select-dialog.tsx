import type { Bank } from '@kantora/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/labels.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { type ListRequest, useListState } from '../../ui/use-list-query.ts';
import { banksApi, banksKeys } from '../../../api/banks.ts';
import { type BankOwner, bankOwnerId } from './bank-dialog.tsx';

/** One select action of the dialog's rows ("choose as BGN bank", "choose"). */
export interface BankChoiceAction {
  key: string;
  label: string;
  onChoose: (bank: Bank) => void;
  /** Rows this returns false for get the button disabled (e.g. not a BGN account). */
  accepts?: (bank: Bank) => boolean;
  /** The bank chosen now by this action (marked in its row). */
  chosenId?: string | null;
}

export interface BankSelectDialogProps {
  open: boolean;
  onClose: () => void;
  owner: BankOwner;
  title: ReactNode;
  actions: readonly BankChoiceAction[];
}

/**
 * The active bank accounts of the own company or of a client, newest first, each row with the caller's
 * select actions. For the provider of a contract or invoice: "choose as BGN bank" and "choose as EUR bank".
 * A choice closes the dialog.
 */
export function BankSelectDialog({ open, onClose, owner, title, actions }: BankSelectDialogProps) {
  const { t, i18n } = useTranslation('settings');
  const locale = i18n.language;
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const ownerId = bankOwnerId(owner);
  const ownCompany = 'myCompanyId' in owner;
  const list = useListState({ sortBy: 'created', sortDesc: true });
  const fetcher = useMemo(
    () => (request: ListRequest) =>
      banksApi.list({ ...request, ...(ownCompany ? { myCompanyId: ownerId } : { companyId: ownerId }), status: true }),
    [ownerId, ownCompany],
  );
  const columns = useMemo<DataTableColumn<Bank>[]>(
    () => [
      {
        field: `name.${locale}`,
        header: 'settings:fields.bank_name',
        sortable: true,
        render: (row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
            {localized(row.name, locale)}
            {actions
              .filter((action) => action.chosenId === row._id)
              .map((action) => (
                <Chip key={action.key} size="small" color="primary" label={action.label} />
              ))}
          </Box>
        ),
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
      { field: 'bic', header: 'settings:fields.bic', hideBelow: 'md' },
      {
        field: 'currency',
        header: 'settings:fields.currency',
        sortable: true,
        render: (row) => row.currencyCode ?? localized(row.currencyName, locale),
      },
    ],
    [locale, actions],
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
        {open && (
          <DataTable<Bank>
            queryKey={[...banksKeys.banks(ownerId), 'active']}
            fetcher={fetcher}
            columns={columns}
            state={list.state}
            onStateChange={list.setState}
            label={typeof title === 'string' ? title : t('banks.title')}
            rowActions={(row) => (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'stretch', py: 0.5 }}>
                {actions.map((action) => (
                  <Button
                    key={action.key}
                    size="small"
                    variant="outlined"
                    disabled={action.accepts ? !action.accepts(row) : false}
                    aria-label={`${action.label}: ${localized(row.name, locale)}`}
                    onClick={() => {
                      action.onChoose(row);
                      onClose();
                    }}
                  >
                    {action.label}
                  </Button>
                ))}
              </Box>
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
