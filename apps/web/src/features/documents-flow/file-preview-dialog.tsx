import type { DocumentFlowFile } from '@kantora/domain';
import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
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
import { type DocumentsFlowApi, documentFlowKeys } from '../../api/documents-flow.ts';

/** A PDF is shown by the browser's own viewer, which refuses a sandboxed frame; its bytes were checked to be a PDF. */
export const isPdf = (file: Pick<DocumentFlowFile, 'contentType'>) =>
  file.contentType.split(';')[0].trim().toLowerCase() === 'application/pdf';

/**
 * The file inside the app: a frame on the server's preview link. Everything but a PDF is framed with
 * `sandbox=""` (and served under `Content-Security-Policy: sandbox`), so an uploaded page runs no script
 * and never has the app's origin.
 */
export function FilePreviewDialog({
  api,
  file,
  onClose,
}: {
  api: DocumentsFlowApi;
  file: DocumentFlowFile;
  onClose: () => void;
}) {
  const { t } = useTranslation('documents-flow');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  // A fresh link each time (it works for minutes only); never kept in the cache.
  const link = useQuery({
    queryKey: [...documentFlowKeys.all(api.base), 'preview', file._id],
    queryFn: () => api.previewLink(file._id),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, overflowWrap: 'anywhere' }}>
        {t('preview.title', { name: file.filename })}
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', minHeight: { xs: 0, sm: '70vh' }, bgcolor: 'grey.100' }}>
        {link.isPending && (
          <Box
            role="status"
            aria-label={t('common:loading')}
            sx={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: 240 }}
          >
            <CircularProgress />
          </Box>
        )}
        {link.isError && (
          <Alert severity="error" sx={{ m: 2, alignSelf: 'flex-start' }}>
            {t('preview.failed')}
          </Alert>
        )}
        {link.data && (
          <Box
            component="iframe"
            title={t('preview.frame', { name: file.filename })}
            src={link.data.url}
            referrerPolicy="no-referrer"
            {...(isPdf(file) ? {} : { sandbox: '' })}
            sx={{ flex: 1, width: '100%', minHeight: { xs: '75vh', sm: '70vh' }, border: 0, bgcolor: 'common.white' }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button startIcon={<Download />} onClick={() => void api.download(file._id).catch(() => undefined)}>
          {t('actions.download')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
