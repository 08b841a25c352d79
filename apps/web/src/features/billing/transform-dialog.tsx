import type { BillingDocumentView, BillingItemRow } from '@kantora/domain';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { billingApi, billingKeys } from '../../api/billing.ts';

export interface TransformDialogProps {
  proforma: BillingDocumentView;
  onClose: () => void;
  /** The new draft invoice. */
  onTransformed: (invoice: BillingDocumentView) => void;
}

/**
 * Transforming chosen rows of an issued proforma into a draft invoice: rows already transformed cannot be chosen;
 * choosing every row left is the whole transformation (the server decides the same). Asks before transforming.
 */
export function TransformDialog({ proforma, onClose, onTransformed }: TransformDialogProps) {
  const { t, i18n } = useTranslation('billing');
  const locale = i18n.language;
  const titleId = useId();
  const confirm = useConfirm();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const api = billingApi('proforma');
  const items = useQuery({
    queryKey: billingKeys.items('proforma', proforma._id),
    queryFn: () => api.items(proforma._id),
  });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const currency = proforma.currencyCode ?? undefined;

  const toggle = (row: BillingItemRow) => {
    if (row.isTransformed) return;
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(row._id)) next.delete(row._id);
      else next.add(row._id);
      return next;
    });
  };

  const transform = async () => {
    const sure = await confirm({
      titleKey: t('transform.title'),
      messageKey: t('transform.items_text', { count: chosen.size }),
      confirmLabel: t('actions.transform'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      onTransformed(await api.transformItems(proforma._id, [...chosen]));
    } catch {
      // The API client has shown why (e.g. a row transformed meanwhile); the list is read again.
      void items.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('transform.dialog_title')}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 1 }}>{t('transform.dialog_hint')}</DialogContentText>
        {items.isPending ? (
          <div role="status" aria-label={t('common:loading')}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={48} />
            ))}
          </div>
        ) : (
          <List dense aria-label={t('items.title')}>
            {(items.data ?? []).map((row) => {
              const name = localized(row.name, locale);
              const labelId = `${titleId}-${row._id}`;
              return (
                <ListItem
                  key={row._id}
                  disablePadding
                  divider
                  secondaryAction={row.isTransformed ? <Chip size="small" label={t('items.transformed')} /> : undefined}
                >
                  <ListItemButton onClick={() => toggle(row)} disabled={row.isTransformed || busy} dense>
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={chosen.has(row._id)}
                        disabled={row.isTransformed}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      id={labelId}
                      primary={`${row.index}. ${name}`}
                      secondary={`${formatNumber(row.quantity, 3)} × ${formatMoney(row.price, currency)} = ${formatMoney(row.total, currency)}`}
                      sx={{ pr: row.isTransformed ? 12 : 0 }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.close')}
        </Button>
        <Button variant="contained" onClick={() => void transform()} disabled={chosen.size === 0 || busy}>
          {t('transform.chosen', { count: chosen.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
