import {
  type BillingDocumentView,
  type BillingItemChange,
  type BillingItemRow,
  type BillingKind,
  NoticeType,
} from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Visibility from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/ui/row-action.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { type ServiceOption, ServicesPickerDialog } from '../../components/entities/services-picker-dialog.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { localized } from '../../lib/labels.ts';
import { billingApi, billingQueries } from '../../api/billing.ts';
import { contractQueries } from '../../api/contracts.ts';
import { BillingItemDialog } from './billing-item-dialog.tsx';

/** Which dialog of the card is open. */
export type ItemsDialog =
  | { type: 'item'; row: BillingItemRow | null }
  | { type: 'services' }
  | { type: 'contractServices' }
  | null;

export interface BillingItemsCardProps {
  kind: BillingKind;
  /** The saved document; null before the first save (adding saves it first). */
  doc: BillingDocumentView | null;
  editable: boolean;
  /** The dialog to open first (after the first save moved to the new route). */
  initialDialog?: ItemsDialog;
  /** A new document is saved before its first row: resolves false when it was not saved. */
  onNeedDocument: (then: Exclude<ItemsDialog, null>['type']) => Promise<boolean>;
  /** After a row change: the row and the document with its new totals. */
  onChanged: (change: BillingItemChange) => void;
}

const right = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
/** Number, quantity and unit price have columns from `sm` up; on phones they show beside and under the name. */
const wide = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The contract's services, offered by "add as service" (the contract's price and description). */
function useContractServices(contractId: string | null, enabled: boolean) {
  return useQuery({
    ...contractQueries.allServices(contractId ?? ''),
    select: (rows) =>
      rows.map(
        (row): ServiceOption => ({
          _id: row._id,
          name: row.name,
          status: true,
          code: row.code,
          description: row.description,
          price: row.price ?? 0,
        }),
      ),
    enabled: Boolean(contractId) && enabled,
  });
}

/**
 * The rows of a document: number, product or service, quantity, unit price, end price. In a draft, management
 * adds a row (the item dialog) or a service (the contract's, or one of the service list), edits and removes rows.
 */
export function BillingItemsCard({
  kind,
  doc,
  editable,
  initialDialog = null,
  onNeedDocument,
  onChanged,
}: BillingItemsCardProps) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const confirm = useConfirm();
  const menuId = useId();
  const documentId = doc?._id ?? null;
  const service = billingApi(kind);
  // Read again on every opening, like the document (a transformation elsewhere marks rows).
  const items = useQuery({
    ...billingQueries.items(kind, documentId ?? ''),
    enabled: Boolean(documentId),
    staleTime: 0,
  });
  const [dialog, setDialog] = useState<ItemsDialog>(initialDialog);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const contractId = doc?.contract ?? null;
  const contractServices = useContractServices(contractId, dialog?.type === 'contractServices');
  const currency = doc?.currencyCode ?? undefined;
  const rows = items.data ?? [];

  const open = async (type: Exclude<ItemsDialog, null>['type']) => {
    setMenu(null);
    if (!documentId && !(await onNeedDocument(type))) return;
    setAdded(new Set());
    setDialog(type === 'item' ? { type, row: null } : { type });
  };

  const remove = async (row: BillingItemRow) => {
    const sure = await confirm({
      messageKey: t('items.remove_confirm', { name: localized(row.name, locale) }),
      destructive: true,
      confirmLabel: t('items.remove'),
    });
    if (!sure) return;
    try {
      onChanged(await service.removeItem(row._id));
    } catch {
      // The API client has shown why.
    }
  };

  // A draft notice with its original and no rows yet may start from the original invoice's rows.
  const canCopyOriginal =
    editable &&
    kind === 'invoice' &&
    doc !== null &&
    doc.noticeType !== NoticeType.invoice &&
    Boolean(doc.creditToInvoice) &&
    doc.itemsCount === 0;
  const [copying, setCopying] = useState(false);
  const copyOriginal = async () => {
    if (!documentId) return;
    setCopying(true);
    try {
      onChanged({ item: null, document: await service.copyOriginalItems(documentId) });
    } catch {
      // The API client has shown why.
    } finally {
      setCopying(false);
    }
  };

  const addService = async (option: ServiceOption, source: 'services' | 'contractServices') => {
    if (!documentId) return;
    const change = await service.addService(
      documentId,
      source === 'services' ? { serviceId: option._id } : { contractServiceId: option._id },
    );
    setAdded((ids) => new Set(ids).add(option._id));
    onChanged(change);
  };

  return (
    <SectionCard
      title={t('items.title')}
      flush
      actions={
        editable && (
          <>
            <Button variant="contained" startIcon={<Add />} onClick={() => void open('item')}>
              {t('items.add')}
            </Button>
            <Button
              variant="outlined"
              endIcon={<ArrowDropDown />}
              aria-haspopup="menu"
              aria-controls={menu ? menuId : undefined}
              aria-expanded={menu ? 'true' : undefined}
              onClick={(event) => setMenu(event.currentTarget)}
            >
              {t('items.add_service')}
            </Button>
            <Menu id={menuId} anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
              <MenuItem disabled={!contractId} onClick={() => void open('contractServices')}>
                {t('items.from_contract')}
              </MenuItem>
              <MenuItem onClick={() => void open('services')}>{t('items.from_services')}</MenuItem>
            </Menu>
          </>
        )
      }
    >
      <TableContainer>
        <Table size="small" aria-label={t('items.title')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48, ...wide }}>{t('items.index')}</TableCell>
              <TableCell>{t('items.name')}</TableCell>
              <TableCell sx={{ ...right, ...wide }}>{t('items.quantity')}</TableCell>
              <TableCell sx={{ ...right, ...wide }}>{t('items.price')}</TableCell>
              <TableCell sx={right}>{t('items.total')}</TableCell>
              {doc && (
                <TableCell sx={right}>
                  {/* On phones the heading is for screen readers only: the buttons explain themselves, the room is the total's. */}
                  <Box
                    component="span"
                    sx={{
                      position: { xs: 'absolute', sm: 'static' },
                      width: { xs: '1px', sm: 'auto' },
                      height: { xs: '1px', sm: 'auto' },
                      overflow: 'hidden',
                      clip: { xs: 'rect(0 0 0 0)', sm: 'auto' },
                    }}
                  >
                    {t('common:table.actions')}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.isLoading &&
              [0, 1].map((index) => (
                <TableRow key={index}>
                  <TableCell colSpan={6}>
                    <Skeleton variant="text" />
                  </TableCell>
                </TableRow>
              ))}
            {rows.map((row) => {
              const name = localized(row.name, locale);
              const comment = localized(row.comment, locale);
              return (
                <TableRow key={row._id} hover>
                  <TableCell sx={wide}>{row.index}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>{`${row.index}. `}</Box>
                    {name}
                    {comment && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                        {comment}
                      </Typography>
                    )}
                    <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {`${formatNumber(row.quantity, 3)} × ${formatMoney(row.price, currency)}`}
                    </Typography>
                    {row.isTransformed && (
                      <Chip size="small" label={t('items.transformed')} sx={{ mt: 0.5, ml: { sm: 1 } }} />
                    )}
                  </TableCell>
                  <TableCell sx={{ ...right, ...wide }}>{formatNumber(row.quantity, 3)}</TableCell>
                  <TableCell sx={{ ...right, ...wide }}>{formatMoney(row.price, currency)}</TableCell>
                  <TableCell sx={right}>{formatMoney(row.total, currency)}</TableCell>
                  <TableCell sx={{ ...right, py: 0.25 }}>
                    <Tooltip title={editable ? t('items.edit') : t('common:actions.preview')}>
                      <IconButton
                        aria-label={`${editable ? t('items.edit') : t('common:actions.preview')}: ${name}`}
                        onClick={() => setDialog({ type: 'item', row })}
                      >
                        {editable ? <Edit fontSize="small" /> : <Visibility fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                    {editable && (
                      <RowAction
                        label={t('items.remove')}
                        target={name}
                        icon={<DeleteOutline fontSize="small" />}
                        onClick={() => void remove(row)}
                      />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {!items.isLoading && rows.length === 0 && (
        <Box sx={{ py: 4, px: 2, textAlign: 'center' }}>
          <Typography color="text.secondary">{translateMessage('invoice_no_added_items')}</Typography>
          {canCopyOriginal && (
            <Button
              variant="outlined"
              startIcon={<ContentCopy />}
              onClick={() => void copyOriginal()}
              disabled={copying}
              sx={{ mt: 2 }}
            >
              {t('items.copy_original')}
            </Button>
          )}
        </Box>
      )}
      {documentId && dialog?.type === 'item' && (
        <BillingItemDialog
          key={dialog.row?._id ?? 'new'}
          kind={kind}
          documentId={documentId}
          row={dialog.row}
          currency={currency}
          readOnly={!editable}
          onClose={() => setDialog(null)}
          onSaved={onChanged}
        />
      )}
      {documentId && (dialog?.type === 'services' || dialog?.type === 'contractServices') && (
        <ServicesPickerDialog
          open
          onClose={() => setDialog(null)}
          onAdd={(option) => addService(option, dialog.type as 'services' | 'contractServices')}
          addedIds={added}
          title={t(dialog.type === 'services' ? 'items.from_services' : 'items.from_contract')}
          {...(dialog.type === 'contractServices'
            ? { services: contractServices.data ?? [], loading: contractServices.isPending }
            : {})}
        />
      )}
    </SectionCard>
  );
}
