import { Access, type BillingKind, type MailView } from '@kantora/domain';
import Forward from '@mui/icons-material/Forward';
import Replay from '@mui/icons-material/Replay';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { mailKeys, mailQueries, outboxApi } from '../../../api/mail.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { notify } from '../../../lib/notify.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { SectionCard } from '../../ui/section-card.tsx';
import { documentMailEntity } from './mail-entity.tsx';
import { canRetryMail, MailStateChip } from './mail-state-chip.tsx';

export interface MailHistoryCardProps {
  kind: BillingKind;
  documentId: string;
  /** Opens the send dialog (management). */
  onSend: () => void;
}

/** The Settings page of a document's messages (admin): the outbox filtered to it. */
const outboxOf = (id: string) => `/settings/outgoing-mail?${new URLSearchParams(documentMailEntity(id)).toString()}`;

/** One message: to whom, when and by whom, its state, the error of a failed one, and what can be done. */
function MailRow({
  mail,
  admin,
  busy,
  onRetry,
  onSend,
}: {
  mail: MailView;
  admin: boolean;
  busy: boolean;
  onRetry: () => void;
  onSend: () => void;
}) {
  const { t, i18n } = useTranslation('mail');
  const by = localized(mail.createdByName, i18n.language);
  return (
    <ListItem divider disableGutters sx={{ display: 'block', px: { xs: 2, sm: 2.5 }, py: 1.25 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
          <Typography sx={{ wordBreak: 'break-word' }}>{mail.to.join(', ')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              formatDateTime(mail.created),
              by,
              t(`languages.${mail.language}`),
              mail.sentAt && t('history.sent_at', { date: formatDateTime(mail.sentAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <MailStateChip state={mail.state} />
          {admin && canRetryMail(mail) && (
            <Button size="small" startIcon={<Replay />} onClick={onRetry} disabled={busy}>
              {t('retry.button')}
            </Button>
          )}
          {mail.state === 'failed' && (
            <Button size="small" startIcon={<Forward />} onClick={onSend}>
              {t('history.send_again')}
            </Button>
          )}
        </Box>
      </Box>
      {mail.state === 'held' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('history.held_hint')}
        </Typography>
      )}
      {mail.lastError && (
        <Typography
          variant="body2"
          color={mail.state === 'failed' ? 'error' : 'text.secondary'}
          sx={{ mt: 0.5, wordBreak: 'break-word' }}
        >
          {t('history.error', { error: mail.lastError })}
        </Typography>
      )}
    </ListItem>
  );
}

/**
 * The mail history of an issued document (its editor, management): each message newest first with its state; an
 * administrator sends a failed or held one again as it was (the outbox's retry), anyone may send the document anew
 * (the send dialog). Read again after a send or a retry.
 */
export function MailHistoryCard({ kind, documentId, onSend }: MailHistoryCardProps) {
  const { t } = useTranslation('mail');
  const user = useSessionUser();
  const admin = user?.access === Access.admin;
  const invalidate = useInvalidate();
  const history = useQuery({ ...mailQueries.history(kind, documentId), staleTime: 0, refetchOnMount: 'always' });
  const [busy, setBusy] = useState(false);
  const mails = history.data ?? [];

  const retry = async (mail: MailView) => {
    setBusy(true);
    try {
      await outboxApi.retry(mail._id);
      notify.success(t('retry.done'));
      invalidate(mailKeys.history(kind, documentId), mailKeys.outbox);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title={t('history.title')}
      subtitle={
        admin && mails.length > 0 ? (
          <Link component={RouterLink} to={outboxOf(documentId)}>
            {t('history.in_outbox')}
          </Link>
        ) : undefined
      }
      actions={
        <Button variant="outlined" startIcon={<Send />} onClick={onSend}>
          {t('send.button')}
        </Button>
      }
      flush
    >
      {history.isPending ? (
        <Box sx={{ px: 2.5, py: 1 }}>
          <Skeleton height={32} />
        </Box>
      ) : history.isError ? (
        <Typography color="error" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('history.load_failed')}
        </Typography>
      ) : mails.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
          {t('history.empty')}
        </Typography>
      ) : (
        <List disablePadding aria-label={t('history.title')}>
          {mails.map((mail) => (
            <MailRow
              key={mail._id}
              mail={mail}
              admin={admin}
              busy={busy}
              onRetry={() => void retry(mail)}
              onSend={onSend}
            />
          ))}
        </List>
      )}
    </SectionCard>
  );
}
