import { contractCancelFormSchema } from '@kantora/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { schemaResolver } from '../../lib/labels.ts';

/** The contract cancellation modal: the reason (required), then Cancel the contract. */
export function CancelContractDialog({
  open,
  onClose,
  onCancelContract,
}: {
  open: boolean;
  onClose: () => void;
  onCancelContract: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation('contracts');
  const titleId = useId();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const form = useForm<{ cancelationReason: string }>({
    resolver: schemaResolver(contractCancelFormSchema),
    defaultValues: { cancelationReason: '' },
  });
  const submit = form.handleSubmit(async ({ cancelationReason }) => {
    setBusy(true);
    try {
      await onCancelContract(cancelationReason);
      form.reset();
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('cancel.text')}</DialogContentText>
        <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
          <FormTextField
            control={form.control}
            name="cancelationReason"
            label={t('fields.cancelation_reason')}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.close')}
        </Button>
        <Button type="submit" form={formId} variant="contained" color="error" disabled={busy}>
          {t('actions.cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
