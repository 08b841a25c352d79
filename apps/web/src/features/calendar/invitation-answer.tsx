import { zodResolver } from '@hookform/resolvers/zod';
import { MessageKeys, type PublicInvitationPreview, refusalReasonSchema } from '@kantora/domain';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { FormTextField } from '../../components/ui/fields/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { calendarApi } from '../../api/calendar.ts';

export interface InvitationActionsProps {
  invitationId: string;
  /** After an answer was saved (reload the invites, close the dialogs, redirect). */
  onAnswered: (result: PublicInvitationPreview) => void;
  /** The invitation turned out to be answered already (409): show it as answered. */
  onAlreadyAnswered?: () => void;
}

interface RefusalValues {
  reason: string;
}

/** The refusal modal: a required reason, then the refusal confirmation. */
function RefusalDialog({
  open,
  busy,
  onCancel,
  onRefuse,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onRefuse: (reason: string) => void;
}) {
  const { t } = useTranslation('calendar');
  const titleId = useId();
  const formId = useId();
  const form = useForm<RefusalValues>({ resolver: zodResolver(refusalReasonSchema), defaultValues: { reason: '' } });
  const close = () => {
    form.reset();
    onCancel();
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('invitation.refuse_title')}</DialogTitle>
      <DialogContent>
        <form id={formId} noValidate onSubmit={form.handleSubmit((values) => onRefuse(values.reason))}>
          <FormTextField
            control={form.control}
            name="reason"
            label={t('fields.reason')}
            required
            multiline
            minRows={3}
            autoFocus
            sx={{ mt: 1 }}
          />
        </form>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" color="error" disabled={busy}>
          {t('invitation.refuse')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Accept and Refuse of one invitation, in the app and on the public page: each asks for
 * confirmation; refusing first asks for a reason. An answer given meanwhile elsewhere (409) is
 * reported by the API client and shown as answered.
 */
export function InvitationActions({ invitationId, onAnswered, onAlreadyAnswered }: InvitationActionsProps) {
  const { t } = useTranslation('calendar');
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [refusing, setRefusing] = useState(false);

  const run = async (call: () => Promise<PublicInvitationPreview>) => {
    setBusy(true);
    try {
      const result = await call();
      setRefusing(false);
      onAnswered(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setRefusing(false);
        onAlreadyAnswered?.();
      }
    } finally {
      setBusy(false);
    }
  };

  const accept = async () => {
    const yes = await confirm({
      titleKey: MessageKeys.accept_event_invitation_title,
      messageKey: MessageKeys.are_your_sure_accept_event_invitation,
      confirmLabel: t('invitation.accept'),
    });
    if (yes) await run(() => calendarApi.accept(invitationId));
  };

  const refuse = async (reason: string) => {
    const yes = await confirm({
      titleKey: MessageKeys.refuse_event_invitation_title,
      messageKey: MessageKeys.are_your_sure_refuse_event_invitation,
      confirmLabel: t('invitation.refuse'),
      destructive: true,
    });
    if (yes) await run(() => calendarApi.refuse(invitationId, reason));
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          color="error"
          startIcon={<Close />}
          onClick={() => setRefusing(true)}
          disabled={busy}
        >
          {t('invitation.refuse')}
        </Button>
        <Button variant="contained" color="success" startIcon={<Check />} onClick={() => void accept()} disabled={busy}>
          {t('invitation.accept')}
        </Button>
      </Stack>
      <RefusalDialog
        open={refusing}
        busy={busy}
        onCancel={() => setRefusing(false)}
        onRefuse={(reason) => void refuse(reason)}
      />
    </>
  );
}
