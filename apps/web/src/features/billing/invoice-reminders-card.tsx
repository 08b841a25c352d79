import { type BillingDocumentView, type InvoiceReminderView, isManagement, NoticeType } from '@kantora/domain';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailKeys } from '../../api/mail.ts';
import { reminderKeys, reminderQueries, remindersApi } from '../../api/reminders.ts';
import { MailStateChip } from '../../components/entities/mail/mail-state-chip.tsx';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format.ts';
import { localized } from '../../lib/labels.ts';
import { useInvalidate } from '../../lib/metadata.ts';
import { useSessionUser } from '../../lib/session.ts';

/** An issued invoice (not a notice) has reminders. */
export const hasReminders = (doc: BillingDocumentView | null): doc is BillingDocumentView =>
  Boolean(doc?.issued && doc.noticeType === NoticeType.invoice);

/** One reminder: its stage (or by hand), when, by whom (or the daily run), to whom, its message's state. */
function ReminderRow({ reminder }: { reminder: InvoiceReminderView }) {
  const { t, i18n } = useTranslation('reminders');
  const by = reminder.byName ? localized(reminder.byName, i18n.language) : t('invoice.daily_run');
  return (
    <ListItem divider disableGutters sx={{ display: 'block', px: { xs: 2, sm: 2.5 }, py: 1.25 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography>
            {reminder.stage > 0 ? t('invoice.stage', { n: reminder.stage }) : t('invoice.by_hand')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {[formatDateTime(reminder.at), by, reminder.to.join(', ')].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        {reminder.mailState && <MailStateChip state={reminder.mailState} />}
      </Box>
    </ListItem>
  );
}

/**
 * The reminders of an issued invoice (its editor; management and the accountant): each with its stage and the state
 * of its message, newest first. Management sends one now, after confirming, while the invoice is overdue; the
 * message then shows here and in the mail history. What is due and how late come from the server with the reminders
 * (GET /api/receivables/reminders/of/{id}: its notices, debit ones too, and refunds counted, as "send now" checks
 * them), read again when the invoice's payments or credits change.
 */
export function InvoiceRemindersCard({ doc }: { doc: BillingDocumentView }) {
  const { t } = useTranslation('reminders');
  const user = useSessionUser();
  const canSend = Boolean(user && isManagement(user.access));
  const confirm = useConfirm();
  const invalidate = useInvalidate();
  const reminders = useQuery({
    ...reminderQueries.of(doc._id, `${doc.totalAmount}/${doc.paidAmount}/${doc.creditedAmount}`),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const [busy, setBusy] = useState(false);
  const debt = reminders.data;
  const overdue = Boolean(debt?.overdue);
  const currency = debt?.currency || doc.currencyCode || undefined;

  const send = async () => {
    const sure = await confirm({
      titleKey: t('invoice.confirm_title'),
      messageKey: t('invoice.confirm_text', {
        number: doc.number ?? '',
        amount: formatMoney(debt?.due ?? 0, currency),
        days: debt?.daysOverdue ?? 0,
      }),
      confirmLabel: t('invoice.send'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      await remindersApi.send({ documentId: doc._id });
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
      invalidate(reminderKeys.of(doc._id), mailKeys.history('invoice', doc._id), mailKeys.outbox);
    }
  };

  const list = debt?.reminders ?? [];
  return (
    <SectionCard
      title={t('invoice.title')}
      subtitle={
        !debt
          ? undefined
          : debt.overdue
            ? t('invoice.overdue', {
                days: debt.daysOverdue,
                date: formatDate(doc.paymentDeadlineDate),
                amount: formatMoney(debt.due, currency),
              })
            : t('invoice.not_overdue')
      }
      actions={
        // Once the server has said whether it is overdue (not a disabled button while it answers).
        canSend && debt ? (
          <Button
            variant="outlined"
            startIcon={<NotificationsActive />}
            onClick={() => void send()}
            disabled={busy || !overdue}
          >
            {t('invoice.send')}
          </Button>
        ) : undefined
      }
      flush
    >
      {reminders.isPending ? (
        <Box sx={{ px: 2.5, py: 1 }}>
          <Skeleton height={32} />
        </Box>
      ) : reminders.isError ? (
        <Typography color="error" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('invoice.load_failed')}
        </Typography>
      ) : list.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('invoice.none')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('invoice.list')}>
          {list.map((reminder) => (
            <ReminderRow key={reminder._id} reminder={reminder} />
          ))}
        </List>
      )}
    </SectionCard>
  );
}
