import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { LogDiffTable } from './log-diff-table.tsx';
import { actionLabel, entityLabel, typeLabel } from './log-labels.ts';
import { logKeys, logsApi } from '../../../api/logs.ts';
import { FactsList } from '../../../components/ui/facts-list.tsx';

/** The preview of a log entry: who did what and when, and the old and new documents compared. */
export function LogDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const query = useQuery({ queryKey: logKeys.one(id), queryFn: () => logsApi.get(id) });
  const entry = query.data;
  const facts: Array<[string, string]> = entry
    ? [
        [t('logs.entity'), entityLabel(t, entry.name)],
        [t('logs.action'), actionLabel(t, entry.action)],
        [t('logs.type'), typeLabel(t, entry.type)],
        [t('logs.user'), localized(entry.createdByName, i18n.language) || t('logs.system')],
        [t('logs.created'), formatDateTime(entry.created)],
        [t('logs.record'), entry.doc ?? '—'],
        [t('logs.ip'), entry.ip ?? '—'],
      ]
    : [];

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {entry ? `${entityLabel(t, entry.name)} · ${actionLabel(t, entry.action)}` : t('logs.preview')}
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {!entry ? (
          <Box
            role="status"
            aria-label={t('common:loading')}
            sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}
          >
            {query.isPending && <CircularProgress />}
          </Box>
        ) : (
          <>
            <FactsList facts={facts} marginBottom={2.5} />
            <LogDiffTable oldDocument={entry.documents?.old ?? null} newDocument={entry.documents?.new ?? null} />
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
