import {
  type BillingKind,
  DEFAULT_PRINT_LAYOUT,
  LOCALES,
  type Locale,
  MAX_MAIL_DOCUMENTS,
  type PrintLayoutName,
  printLayoutsFor,
  type SendManyByMailItem,
} from '@kantora/domain';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentMailApi, mailKeys } from '../../../api/mail.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { mailEntityOf } from './mail-entity.tsx';
import { MailStateChip } from './mail-state-chip.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

/** A document to send: its kind and, for the results, its number. */
export interface MailDocument {
  _id: string;
  kind: BillingKind;
  number: string | null;
}

type Result = SendManyByMailItem & { kind: BillingKind };

export interface SendManyDialogProps {
  documents: readonly MailDocument[];
  /** `sent`: the documents were sent (the results were shown), false when the user cancelled. */
  onClose: (sent: boolean) => void;
}

/** The kinds among the documents, invoices first. */
const kindsOf = (documents: readonly MailDocument[]) =>
  (['invoice', 'proforma'] as const).filter((kind) => documents.some((doc) => doc.kind === kind));

/**
 * "Send by e-mail" for several issued documents (the invoices list's selection, a billing run's documents): each
 * goes in its own message to its client's notification e-mails, in the client's language unless one is chosen, with
 * its PDF in the chosen layout (a document that does not print it gets its kind's default) and, for invoices and
 * notices, the e-invoice XML. Then each document's result: queued (or held) or why not.
 */
export function SendManyDialog({ documents, onClose }: SendManyDialogProps) {
  const { t } = useTranslation(['mail', 'billing']);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const invalidate = useInvalidate();
  const kinds = kindsOf(documents);
  const [language, setLanguage] = useState<Locale | ''>('');
  const [layouts, setLayouts] = useState<Record<BillingKind, PrintLayoutName>>({ ...DEFAULT_PRINT_LAYOUT });
  const [attachXml, setAttachXml] = useState(true);
  const [sending, setSending] = useState(false);
  const [results, setResults] = useState<Result[] | null>(null);

  const send = async () => {
    setSending(true);
    const done: Result[] = [];
    try {
      for (const kind of kinds) {
        const ids = documents.filter((doc) => doc.kind === kind).map((doc) => doc._id);
        for (let start = 0; start < ids.length; start += MAX_MAIL_DOCUMENTS) {
          const answer = await documentMailApi(kind).sendMany({
            ids: ids.slice(start, start + MAX_MAIL_DOCUMENTS),
            ...(language ? { language } : {}),
            layout: layouts[kind],
            attachXml: kind === 'invoice' ? attachXml : false,
          });
          done.push(...answer.items.map((item) => ({ ...item, kind })));
          setResults([...done]);
        }
        invalidate([kind], mailKeys.all);
      }
    } catch {
      // The API client has shown why; what was sent so far is listed.
    } finally {
      invalidate(mailKeys.outbox);
      setResults(done.length > 0 ? [...done] : null);
      setSending(false);
    }
  };

  const sent = results?.filter((item) => item.sent).length ?? 0;
  const numberOf = (item: Result) =>
    item.number ?? documents.find((doc) => doc._id === item._id)?.number ?? t('billing:state.no_number');

  return (
    <Dialog
      open
      onClose={sending ? undefined : () => onClose(results !== null)}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('send_many.title', { count: documents.length })}</DialogTitle>
      <DialogContent dividers>
        {results === null ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <DialogContentText>{t('send_many.intro', { count: documents.length })}</DialogContentText>
            <TextField
              select
              label={t('fields.language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Locale | '')}
              disabled={sending}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('send_many.client_language')}</MenuItem>
              {LOCALES.map((item) => (
                <MenuItem key={item} value={item}>
                  {t(`languages.${item}`)}
                </MenuItem>
              ))}
            </TextField>
            {kinds.map((kind) => (
              <TextField
                key={kind}
                select
                label={kinds.length > 1 ? t(`send_many.layout_${kind}`) : t('send.layout')}
                value={layouts[kind]}
                onChange={(event) =>
                  setLayouts((current) => ({ ...current, [kind]: event.target.value as PrintLayoutName }))
                }
                disabled={sending}
                helperText={t('send_many.layout_hint')}
              >
                {printLayoutsFor({ kind, showBGInvoice: true }).map((layout) => (
                  <MenuItem key={layout} value={layout}>
                    {t(`billing:print.layouts.${layout}`)}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            {kinds.includes('invoice') && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={attachXml}
                    onChange={(event) => setAttachXml(event.target.checked)}
                    disabled={sending}
                  />
                }
                label={t('send.attach_xml')}
              />
            )}
          </Box>
        ) : (
          <>
            <Alert severity={sent === results.length ? 'success' : sent === 0 ? 'error' : 'warning'} role="status">
              {t('send_many.done', { sent, total: documents.length })}
            </Alert>
            <List dense aria-label={t('send_many.results')}>
              {results.map((item) => (
                <ListItem key={item._id} divider disableGutters>
                  <ListItemText
                    primary={t('send_many.document', {
                      name:
                        (item.mail && mailEntityOf(t, item.mail)?.label) ??
                        t(item.kind === 'invoice' ? 'entities.invoice' : 'entities.proforma-invoice'),
                      number: numberOf(item),
                    })}
                    secondary={
                      item.sent
                        ? item.mail?.to.join(', ')
                        : item.message
                          ? translateMessage(item.message)
                          : t('send_many.not_sent')
                    }
                    slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
                  />
                  {item.sent && item.mail ? (
                    <MailStateChip state={item.mail.state} />
                  ) : (
                    <Chip size="small" color="error" variant="outlined" label={t('send_many.not_sent')} />
                  )}
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {results === null ? (
          <>
            <Button onClick={() => onClose(false)} disabled={sending}>
              {t('common:actions.cancel')}
            </Button>
            <BusyButton onClick={() => void send()} busy={sending} icon={<Send />} disabled={documents.length === 0}>
              {t('send_many.send', { count: documents.length })}
            </BusyButton>
          </>
        ) : (
          <Button variant="contained" onClick={() => onClose(true)}>
            {t('common:actions.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
