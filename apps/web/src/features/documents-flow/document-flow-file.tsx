import type { DocumentFlowFile, DocumentFlowView } from '@kantora/domain';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Download from '@mui/icons-material/Download';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Preview from '@mui/icons-material/Preview';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { fieldErrorText } from '../../components/ui/fields/field-error.ts';
import { formatDateTime, formatSize } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import type { DocumentFlowFormValues } from './document-flow-form.ts';
import type { DocumentsFlowApi } from '../../api/documents-flow.ts';
import { FilePreviewDialog } from './file-preview-dialog.tsx';

/** The document's file: download, preview (pdf, images, html, text) and, when the server allows it, delete. */
export function AttachedFile({
  api,
  document,
  file,
  onRemoved,
}: {
  api: DocumentsFlowApi;
  document: DocumentFlowView;
  file: DocumentFlowFile;
  onRemoved: () => void;
}) {
  const { t, i18n } = useTranslation('documents-flow');
  const confirm = useConfirm();
  const [previewing, setPreviewing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = async () => {
    const sure = await confirm({
      messageKey: t('file.confirm_delete', { name: file.filename }),
      destructive: true,
      confirmLabel: t('common:actions.delete'),
    });
    if (!sure) return;
    setRemoving(true);
    try {
      await api.removeFile(file._id, document._id);
      onRemoved();
    } catch {
      // The API client has shown why.
    } finally {
      setRemoving(false);
    }
  };
  const uploader = localized(file.uploadedByName, i18n.language);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('file.title')}
      sx={{ mt: 2, p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}
    >
      <InsertDriveFileOutlined color="action" aria-hidden />
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{file.filename}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[formatSize(file.length, i18n.language), formatDateTime(file.uploadDate), uploader]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          startIcon={<Download />}
          onClick={() => void api.download(file._id).catch(() => undefined)}
        >
          {t('actions.download')}
        </Button>
        {file.previewable && (
          <Button size="small" startIcon={<Preview />} onClick={() => setPreviewing(true)}>
            {t('actions.file_preview')}
          </Button>
        )}
        {document.canDeleteFile && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            disabled={removing}
            onClick={() => void remove()}
          >
            {t('file.delete')}
          </Button>
        )}
      </Box>
      {previewing && <FilePreviewDialog api={api} file={file} onClose={() => setPreviewing(false)} />}
    </Paper>
  );
}

/** The one file of a document without one: chosen here, sent with the next save. */
export function FileInputField({ control }: { control: Control<DocumentFlowFormValues, any, any> }) {
  const { t, i18n } = useTranslation('documents-flow');
  const inputId = useId();
  return (
    <Controller
      control={control}
      name="file"
      render={({ field, fieldState }) => {
        const chosen = field.value;
        const error = fieldErrorText(fieldState.error);
        return (
          <Box>
            <input
              id={inputId}
              name="file"
              type="file"
              hidden
              ref={field.ref}
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                event.target.value = '';
              }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
              <Button
                component="label"
                htmlFor={inputId}
                variant="outlined"
                color={error ? 'error' : 'primary'}
                startIcon={<AttachFile />}
              >
                {chosen ? t('file.change') : t('file.choose')}
              </Button>
              <Typography
                variant="body2"
                color={chosen ? 'text.primary' : 'text.secondary'}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {chosen ? `${chosen.name} (${formatSize(chosen.size, i18n.language)})` : t('file.none')}
              </Typography>
            </Box>
            <FormHelperText error={Boolean(error)}>{error ?? t('file.hint')}</FormHelperText>
          </Box>
        );
      }}
    />
  );
}
