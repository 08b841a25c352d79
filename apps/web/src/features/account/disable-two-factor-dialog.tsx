import { mfaDisableSchema } from '@kantora/domain';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountSecurityApi } from '../../api/account-security.ts';
import { CodeField, markCodeRefused } from '../../components/entities/account-security/code-field.tsx';
import { schemaResolver } from '../../lib/labels.ts';
import { BusyButton } from '../../components/ui/busy-button.tsx';

type Values = { code: string };

/** Turning two-factor sign-in off: asks for a current code from the app (or a recovery code). */
export function DisableTwoFactorDialog({
  open,
  onClose,
  onDisabled,
}: {
  open: boolean;
  onClose: () => void;
  onDisabled: () => void;
}) {
  const { t } = useTranslation('security');
  const titleId = useId();
  const form = useForm<Values, any, Values>({
    resolver: schemaResolver(mfaDisableSchema),
    defaultValues: { code: '' },
  });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await accountSecurityApi.disableMfa({ code: code.replace(/\s+/g, '') });
    } catch (error) {
      markCodeRefused(form.setError, error);
      return;
    }
    onDisabled();
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      slotProps={{ transition: { onExited: () => form.reset() } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('disable.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('disable.text')}</DialogContentText>
          <CodeField control={form.control} name="code" label={t('code.label_any')} kind="any" autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <BusyButton type="submit" color="error" busy={form.formState.isSubmitting}>
            {t('disable.submit')}
          </BusyButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
