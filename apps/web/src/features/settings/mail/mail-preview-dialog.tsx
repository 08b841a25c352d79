import type { MailDetail } from '@kantora/domain';
import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import Replay from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailKeys, mailQueries, outboxApi } from '../../../api/mail.ts';
import { MailEntityLink } from '../../../components/entities/mail/mail-entity.tsx';
import { FactsList } from '../../../components/ui/facts-list.tsx';
import { canRetryMail, MailStateChip } from '../../../components/entities/mail/mail-state-chip.tsx';
import { formatDateTime, formatSize } from '../../../lib/format.ts';
import { localized } from '../../../lib/labels.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { notify } from '../../../lib/notify.ts';

type BodyTab = 'text' | 'html';

/** The message's facts: recipients, subject, language, who queued it and when, delivery. */
function Facts({ mail, locale }: { mail: MailDetail; locale: string }) {
  const { t } = useTranslation('mail');
  const facts: Array<[string, ReactNode]> = [
    [t('fields.to'), mail.to.join(', ')],
    [t('fields.subject'), mail.subject],
    [t('fields.state'), <MailStateChip key="state" state={mail.state} />],
    [t('fields.language'), t(`languages.${mail.language}`)],
    [t('fields.entity'), <MailEntityLink key="entity" mail={mail} />],
    [t('fields.created'), formatDateTime(mail.created)],
    [t('fields.created_by'), localized(mail.createdByName, locale) || t('system')],
    [t('fields.sent_at'), mail.sentAt ? formatDateTime(mail.sentAt) : '—'],
    [t('fields.attempts'), String(mail.attempts)],
    [t('fields.message_id'), mail.messageId],
    [t('fields.smtp_message_id'), mail.smtpMessageId ?? '—'],
  ];
  if (mail.state === 'queued' && mail.nextAttemptAt)
    facts.push([t('fields.next_attempt'), formatDateTime(mail.nextAttemptAt)]);
  return <FactsList facts={facts} minColumnWidth={220} />;
}

/**
 * The message's bodies: the text as text, the HTML in a sandboxed frame (no script, no same origin: nothing in it
 * runs on the app's origin).
 */
function Bodies({ mail }: { mail: MailDetail }) {
  const { t } = useTranslation('mail');
  const [tab, setTab] = useState<BodyTab>('text');
  const baseId = useId();
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, mb: 2 }}>
      <Tabs
        value={tab}
        onChange={(_, next: BodyTab) => setTab(next)}
        aria-label={t('preview.bodies')}
        sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
      >
        <Tab value="text" label={t('preview.text')} id={`${baseId}-text`} aria-controls={`${baseId}-panel`} />
        <Tab value="html" label={t('preview.html')} id={`${baseId}-html`} aria-controls={`${baseId}-panel`} />
      </Tabs>
      <Box role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`} sx={{ p: 1.5 }}>
        {tab === 'text' ? (
          <Box
            component="pre"
            sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', fontSize: 14 }}
          >
            {mail.text}
          </Box>
        ) : (
          <Box
            component="iframe"
            title={t('preview.html')}
            sandbox=""
            srcDoc={mail.html}
            sx={{ border: 0, width: '100%', height: 320, bgcolor: 'common.white' }}
          />
        )}
      </Box>
    </Box>
  );
}

/** The attachments, each downloadable as the exact bytes sent. */
function Attachments({ mail }: { mail: MailDetail }) {
  const { t, i18n } = useTranslation('mail');
  if (mail.attachments.length === 0)
    return <Typography color="text.secondary">{t('preview.no_attachments')}</Typography>;
  return (
    <Box component="ul" aria-label={t('fields.attachments')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {mail.attachments.map((attachment) => (
        <Box component="li" key={attachment._id} sx={{ mb: 0.5 }}>
          <Button
            size="small"
            startIcon={<AttachFile />}
            onClick={() => void outboxApi.attachment(mail._id, attachment._id).catch(() => undefined)}
            sx={{ textTransform: 'none', textAlign: 'left', wordBreak: 'break-all' }}
            aria-label={t('preview.download', { filename: attachment.filename })}
          >
            {`${attachment.filename} (${formatSize(attachment.size, i18n.language)})`}
          </Button>
        </Box>
      ))}
    </Box>
  );
}

export interface MailPreviewDialogProps {
  id: string;
  locale: string;
  /** No mail server: a retry cannot deliver, so it is not offered. */
  retryDisabled?: boolean;
  onClose: () => void;
}

/** A message of the outbox: its headers, bodies and attachments; a failed or held one can be sent again. */
export function MailPreviewDialog({ id, locale, retryDisabled = false, onClose }: MailPreviewDialogProps) {
  const { t } = useTranslation('mail');
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const invalidate = useInvalidate();
  const query = useQuery(mailQueries.one(id));
  const [busy, setBusy] = useState(false);
  const mail = query.data;

  const retry = async () => {
    setBusy(true);
    try {
      await outboxApi.retry(id);
      notify.success(t('retry.done'));
      invalidate(mailKeys.outbox, mailKeys.all);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7, wordBreak: 'break-word' }}>
        {mail ? mail.subject : t('preview.title')}
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {!mail ? (
          <Box
            role="status"
            aria-label={t('common:loading')}
            sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}
          >
            {query.isPending && <CircularProgress />}
          </Box>
        ) : (
          <>
            {mail.lastError && (
              <Alert severity={mail.state === 'failed' ? 'error' : 'warning'} sx={{ mb: 2, wordBreak: 'break-word' }}>
                {t('preview.last_error', { error: mail.lastError })}
              </Alert>
            )}
            <Facts mail={mail} locale={locale} />
            <Bodies mail={mail} />
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {t('fields.attachments')}
            </Typography>
            <Attachments mail={mail} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {mail && canRetryMail(mail) && !retryDisabled && (
          <Button startIcon={<Replay />} onClick={() => void retry()} disabled={busy}>
            {t('retry.button')}
          </Button>
        )}
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
