import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';

export type EntityDialogMode = 'create' | 'edit';

/**
 * `V` are the form's values, `O` what its resolver makes of them (a zod schema's output, with
 * defaults and transforms applied) and `R` the saved entity.
 */
export interface EntityDialogProps<V extends FieldValues, R, O extends FieldValues = V> {
  open: boolean;
  onClose: () => void;
  /** Title text, or a function of the mode ("New bank" / "Bank"). */
  title: ReactNode | ((mode: EntityDialogMode) => ReactNode);
  /** The form of the body (owned by the caller, usually with a zod resolver). */
  form: UseFormReturn<V, any, O>;
  /** Mode when the dialog opens; default `create`. */
  initialMode?: EntityDialogMode;
  /** No save buttons, inputs disabled (non-management users). */
  readOnly?: boolean;
  /** Saves valid values and returns the saved entity; throwing keeps the dialog as it is. */
  onSave?: (values: O, mode: EntityDialogMode) => Promise<R>;
  /** After each successful save (e.g. refresh the list). */
  onSaved?: (saved: R, mode: EntityDialogMode) => void;
  /** Form values of the saved entity; default: the values that were saved. */
  toFormValues?: (saved: R) => V;
  /** The entity is still loading (preview): a spinner instead of the form, no saving. */
  loading?: boolean;
  children: ReactNode | ((state: { mode: EntityDialogMode; readOnly: boolean }) => ReactNode);
  /** Under the form and outside it, so it stays usable when the form is read-only (a file's download and preview). */
  footer?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
}

/**
 * The add/preview modal of an entity: Save, Save and close, Close. It starts in create mode (or
 * `initialMode`) and switches to edit after the first successful save. Closing with unsaved
 * changes asks for confirmation. Read-only mode shows no save buttons.
 */
export function EntityDialog<V extends FieldValues, R, O extends FieldValues = V>({
  open,
  onClose,
  title,
  form,
  initialMode = 'create',
  readOnly = false,
  onSave,
  onSaved,
  toFormValues,
  loading = false,
  children,
  footer,
  maxWidth = 'sm',
}: EntityDialogProps<V, R, O>) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<EntityDialogMode>(initialMode);
  const [saving, setSaving] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const canSave = !readOnly && Boolean(onSave) && !loading;
  // Read during render: react-hook-form only tracks the form state parts a render has read.
  const { isDirty } = form.formState;

  useEffect(() => {
    if (open) setMode(initialMode);
  }, [open, initialMode]);

  const save = (closeAfter: boolean) =>
    form.handleSubmit(async (values) => {
      if (!onSave) return;
      setSaving(true);
      try {
        const saved = await onSave(values, mode);
        setMode('edit');
        form.reset(toFormValues ? toFormValues(saved) : (values as unknown as V));
        onSaved?.(saved, mode);
        if (closeAfter) onClose();
      } catch {
        // The API client has shown the failure; the dialog keeps the user's input.
      } finally {
        setSaving(false);
      }
    });

  const requestClose = () => {
    if (saving) return;
    if (canSave && isDirty) setConfirmOpen(true);
    else onClose();
  };

  const discard = () => {
    setConfirmOpen(false);
    form.reset();
    onClose();
  };

  const heading = typeof title === 'function' ? title(mode) : title;
  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        fullWidth
        maxWidth={maxWidth}
        fullScreen={fullScreen}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 7 }}>
          <Box component="span" sx={{ flexGrow: 1 }}>
            {heading}
          </Box>
          {readOnly && <Chip size="small" label={t('dialog.read_only')} />}
          <IconButton
            aria-label={t('actions.close')}
            onClick={requestClose}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <Close />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers>
          <Box
            component="form"
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (canSave) void save(false)(event);
            }}
          >
            {loading ? (
              <Box
                role="status"
                aria-label={t('loading')}
                sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}
              >
                <CircularProgress />
              </Box>
            ) : (
              <Box component="fieldset" disabled={!canSave || saving} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                {typeof children === 'function' ? children({ mode, readOnly: !canSave }) : children}
              </Box>
            )}
          </Box>
          {!loading && footer}
        </DialogContent>
        <DialogActions
          disableSpacing
          sx={{ px: 3, py: 1.5, gap: 1, flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
        >
          <Button onClick={requestClose} disabled={saving}>
            {t('actions.close')}
          </Button>
          {canSave && (
            <>
              <Button variant="outlined" type="submit" form={formId} disabled={saving}>
                {t('actions.save')}
              </Button>
              <Button variant="contained" onClick={(event) => void save(true)(event)} disabled={saving}>
                {t('actions.save_and_close')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirmOpen}
        messageKey="unsaved_changes"
        onConfirm={discard}
        onCancel={() => setConfirmOpen(false)}
      />
    </>
  );
}
