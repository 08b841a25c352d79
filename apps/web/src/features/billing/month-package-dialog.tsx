import { MONTH_PACKAGE_COUNT_HEADER, sofiaDay } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../components/ui/fields/month-field.tsx';
import { formatSize } from '../../lib/format.ts';
import { monthPackage } from '../../api/billing.ts';

/** The month before today's in Sofia (YYYY-MM): what the accountant closes. */
export function previousMonth(today: string = sofiaDay()): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

type Phase =
  | { name: 'idle' }
  | { name: 'working'; received: number | null; count: number | null }
  | { name: 'done'; filename: string; received: number; count: number | null }
  | { name: 'failed'; message: string };

export interface MonthPackageDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The accountant's month: a month (default the previous one) and a Download button; while the server prepares and
 * streams the zip, an indeterminate bar with the documents' count and the bytes received, then a full bar and the
 * file's name; a failure is shown here. Closing stops a download under way.
 */
export function MonthPackageDialog({ open, onClose }: MonthPackageDialogProps) {
  const { t, i18n } = useTranslation('billing');
  const titleId = useId();
  const statusId = useId();
  const [month, setMonth] = useState(previousMonth);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const running = useRef<AbortController | null>(null);
  /** The Download button is disabled while working: the focus moves to the button that stops it. */
  const stopButton = useRef<HTMLButtonElement>(null);
  const busy = phase.name === 'working';

  useEffect(() => () => running.current?.abort(), []);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setPhase({ name: 'working', received: null, count: null });
    stopButton.current?.focus();
    let last = { received: 0, count: null as number | null };
    try {
      const filename = await monthPackage(
        month,
        ({ received, headers }) => {
          const header = headers.get(MONTH_PACKAGE_COUNT_HEADER);
          last = { received, count: header === null ? null : Number(header) };
          if (!controller.signal.aborted) setPhase({ name: 'working', ...last });
        },
        controller.signal,
      );
      if (!controller.signal.aborted) setPhase({ name: 'done', filename, ...last });
    } catch (error) {
      if (!controller.signal.aborted)
        setPhase({ name: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const close = () => {
    running.current?.abort();
    running.current = null;
    setPhase({ name: 'idle' });
    onClose();
  };

  const size = (bytes: number) => formatSize(bytes, i18n.language);
  const status = (() => {
    switch (phase.name) {
      case 'working':
        if (phase.received === null) return t('month_package.preparing');
        return phase.count === null
          ? t('month_package.received', { size: size(phase.received) })
          : t('month_package.received_count', { count: phase.count, size: size(phase.received) });
      case 'done':
        return phase.count === 0
          ? t('month_package.done_empty', { filename: phase.filename })
          : t('month_package.done', { filename: phase.filename, count: phase.count ?? 0, size: size(phase.received) });
      default:
        return '';
    }
  })();

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('month_package.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('month_package.intro')}</DialogContentText>
        <MonthField
          label={t('month_package.month')}
          value={month}
          disabled={busy}
          onChange={(next) => {
            setMonth(next);
            if (phase.name !== 'working') setPhase({ name: 'idle' });
          }}
        />
        <Box sx={{ mt: 3, minHeight: 56 }}>
          {(phase.name === 'working' || phase.name === 'done') && (
            <LinearProgress
              variant={phase.name === 'done' ? 'determinate' : 'indeterminate'}
              value={phase.name === 'done' ? 100 : undefined}
              aria-label={t('month_package.progress')}
              aria-describedby={statusId}
            />
          )}
          <Typography id={statusId} role="status" aria-live="polite" variant="body2" sx={{ mt: 1 }}>
            {status}
          </Typography>
          {phase.name === 'failed' && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('month_package.failed', { message: phase.message })}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button ref={stopButton} onClick={close}>
          {busy ? t('month_package.cancel') : t('month_package.close')}
        </Button>
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {t('month_package.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
