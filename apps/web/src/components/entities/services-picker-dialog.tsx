import type { DictionaryItem } from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { localized } from '../../lib/labels.ts';
import { useMetadata } from '../../api/metadata.ts';

/** An active service as GET /api/metaData/getServices gives it. */
export interface ServiceOption extends DictionaryItem {
  code: string;
  description: { bg: string; it: string };
  /** Shown when present; absent for employees (the server leaves prices out for them) and in the timesheet picker. */
  price?: number;
}

export interface ServicesPickerDialogProps {
  open: boolean;
  onClose: () => void;
  /** Adds one service; the dialog stays open for the next. Throwing leaves the row addable. */
  onAdd: (service: ServiceOption) => Promise<unknown>;
  /** Services already added (their row shows "added"). */
  addedIds: ReadonlySet<string>;
  title?: string;
  /** The services to offer (e.g. a contract's rows); default the active services of Settings › Services. */
  services?: readonly ServiceOption[];
  /** With `services`: they are still loading. */
  loading?: boolean;
}

/** The active services (Settings › Services) or the caller's, searchable by code, name or description, each with an add button. */
export function ServicesPickerDialog({
  open,
  onClose,
  onAdd,
  addedIds,
  title,
  services: given,
  loading = false,
}: ServicesPickerDialogProps) {
  const { t, i18n } = useTranslation('parties');
  const locale = i18n.language;
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const active = useMetadata<ServiceOption[]>('getServices', open && !given);
  const services = given ? { data: given, isPending: loading } : active;
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const needle = text.trim().toLocaleLowerCase();
  const shown = (services.data ?? []).filter((service) =>
    needle === ''
      ? true
      : [service.code, service.name.bg, service.name.it, service.description?.bg, service.description?.it].some(
          (value) => value?.toLocaleLowerCase().includes(needle),
        ),
  );
  const add = async (service: ServiceOption) => {
    setBusy(service._id);
    try {
      await onAdd(service);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  };
  const heading = title ?? t('services.title');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{heading}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={t('services.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          size="small"
          fullWidth
          autoFocus
          sx={{ mb: 1 }}
        />
        {services.isPending ? (
          <Box role="status" aria-label={t('common:loading')}>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={48} />
            ))}
          </Box>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {translateMessage('no_table_results')}
          </Typography>
        ) : (
          <List aria-label={heading} dense>
            {shown.map((service) => {
              const added = addedIds.has(service._id);
              const name = localized(service.name, locale);
              return (
                <ListItem
                  key={service._id}
                  divider
                  secondaryAction={
                    <Button
                      size="small"
                      variant={added ? 'text' : 'outlined'}
                      startIcon={added ? <Check /> : <Add />}
                      disabled={added || busy !== null}
                      aria-label={`${added ? t('services.added') : t('services.add')}: ${name}`}
                      onClick={() => void add(service)}
                    >
                      {added ? t('services.added') : t('services.add')}
                    </Button>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={`${service.code} · ${name}`}
                    secondary={[
                      localized(service.description, locale),
                      service.price === undefined ? '' : formatMoney(service.price),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
