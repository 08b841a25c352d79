import LinearProgress from '@mui/material/LinearProgress';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingRequests, subscribePending } from '../lib/api-client.ts';

/** A thin bar at the very top while any API request is pending. */
export function GlobalProgress() {
  const { t } = useTranslation();
  const pending = useSyncExternalStore(subscribePending, pendingRequests, pendingRequests);
  if (pending === 0) return null;
  return (
    <LinearProgress
      aria-label={t('loading')}
      color="secondary"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
}
