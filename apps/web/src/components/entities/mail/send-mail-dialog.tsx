import { type BillingKind, type DocumentMailDraft, LOCALES, type Locale, type MailView } from '@kantora/domain';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentMailApi, mailKeys, mailQueries } from '../../../api/mail.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { addressError, RecipientsField } from './recipients-field.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';

export interface SendMailDialogProps {
  kind: BillingKind;
  /** The issued document: its id and, for the title, its number. */
  documentId: string;
  title: string;
  onClose: () => void;
  /** After the message was queued (or held): the server's answer. */
  onSent?: (mail: MailView) => void;
}

interface Values {
  to: string[];
  language: Locale;
  subject: string;
  text: string;
  layout: string;
  attachXml: boolean;
}

const valuesOf = (draft: DocumentMailDraft): Values => ({
  to: draft.to,
  language: draft.language,
  subject: draft.texts[draft.language].subject,
  text: draft.texts[draft.language].text,
  layout: draft.layout,
  attachXml: draft.canAttachXml,
});

/** The server's refusals of the form's fields: `to` or `to.<n>`, `subject`, `text`, `layout`. */
function fieldErrors(error: unknown) {
  const at: Record<number, string> = {};
  const fields: Record<string, string> = {};
  if (error instanceof ApiError)
    for (const item of error.errors) {
      const match = /^to\.(\d+)$/.exec(item.field);
      if (match) at[Number(match[1])] = item.message;
      else fields[item.field] = item.message;
    }
  return { at, fields };
}

/**
 * "Send by e-mail" of an issued invoice, notice or proforma: the recipients (the client's notification e-mails,
 * editable, each address checked), the language (the client's by default; changing it puts that language's
 * subject and text from the templates), the subject and text (editable), and the attachments: the PDF in a layout the
 * document prints and, for invoices and notices, the e-invoice XML. Send queues the message (held while no mail
 * server is configured: the toast says which) and the document's history is read again.
 */
export function SendMailDialog({ kind, documentId, title, onClose, onSent }: SendMailDialogProps) {
  const { t } = useTranslation(['mail', 'billing']);
  const titleId = useId();
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const invalidate = useInvalidate();
  const draft = useQuery({ ...mailQueries.draft(kind, documentId), retry: false });
  const [values, setValues] = useState<Values | null>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ReturnType<typeof fieldErrors>>({ at: {}, fields: {} });
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (draft.data && !values) setValues(valuesOf(draft.data));
  }, [draft.data, values]);

  const change = (patch: Partial<Values>) => setValues((current) => (current ? { ...current, ...patch } : current));

  /** Another language: that language's subject and text from the templates. */
  const changeLanguage = (language: Locale) => {
    if (!draft.data) return;
    change({ language, ...draft.data.texts[language] });
  };

  const listError = values && tried && values.to.length === 0 ? 'field_is_required' : (errors.fields.to ?? null);
  const invalid =
    !values ||
    values.to.length === 0 ||
    values.to.some((address) => addressError(address)) ||
    !values.subject.trim() ||
    !values.text.trim();

  const send = async () => {
    setTried(true);
    if (!values || !draft.data || invalid) return;
    const template = draft.data.texts[values.language];
    setSending(true);
    setErrors({ at: {}, fields: {} });
    try {
      const mail = await documentMailApi(kind).send(documentId, {
        to: values.to,
        language: values.language,
        layout: values.layout as DocumentMailDraft['layout'],
        attachXml: draft.data.canAttachXml ? values.attachXml : false,
        // Only what the sender changed goes over the template's rendering.
        ...(values.subject !== template.subject ? { subject: values.subject } : {}),
        ...(values.text !== template.text ? { text: values.text } : {}),
      });
      invalidate(mailKeys.history(kind, documentId), mailKeys.outbox);
      onSent?.(mail);
      onClose();
    } catch (error) {
      // The toast says why; the fields it names are marked too.
      setErrors(fieldErrors(error));
    } finally {
      setSending(false);
    }
  };

  const fieldError = (name: 'subject' | 'text' | 'layout') => {
    if (errors.fields[name]) return translateMessage(errors.fields[name]);
    if (tried && values && name !== 'layout' && !values[name].trim()) return translateMessage('field_is_required');
    return undefined;
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {t('send.title', { document: title })}
      </DialogTitle>
      <DialogContent dividers>
        {draft.isError ? (
          <Alert severity="error">{t('send.load_failed')}</Alert>
        ) : !values || !draft.data ? (
          <Box
            role="status"
            aria-label={t('common:loading')}
            sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}
          >
            <CircularProgress />
          </Box>
        ) : (
          <Box
            component="form"
            noValidate
            id={`${titleId}-form`}
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
            sx={{ display: 'grid', gap: 2 }}
          >
            {draft.data.to.length === 0 && <Alert severity="info">{t('send.no_client_emails')}</Alert>}
            <RecipientsField
              label={t('send.add_recipients')}
              value={values.to}
              onChange={(to) => {
                change({ to });
                setErrors((current) => ({ ...current, at: {} }));
              }}
              errors={{ list: listError, at: errors.at }}
              disabled={sending}
            />
            <TextField
              select
              label={t('fields.language')}
              value={values.language}
              onChange={(event) => changeLanguage(event.target.value as Locale)}
              disabled={sending}
              helperText={t('send.language_hint')}
              sx={{ maxWidth: { sm: 320 } }}
            >
              {LOCALES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`languages.${language}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('fields.subject')}
              value={values.subject}
              onChange={(event) => change({ subject: event.target.value.replace(/[\r\n]+/g, ' ') })}
              onKeyDown={(event) => {
                // One line: Enter sends instead of breaking it (the field wraps a long subject on phones).
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void send();
                }
              }}
              disabled={sending}
              required
              multiline
              maxRows={3}
              error={Boolean(fieldError('subject'))}
              helperText={fieldError('subject')}
              slotProps={{ htmlInput: { maxLength: 300 } }}
            />
            <TextField
              label={t('fields.text')}
              value={values.text}
              onChange={(event) => change({ text: event.target.value })}
              disabled={sending}
              required
              multiline
              minRows={6}
              maxRows={16}
              error={Boolean(fieldError('text'))}
              helperText={fieldError('text')}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {t('fields.attachments')}
              </Typography>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <TextField
                  select
                  label={t('send.layout')}
                  value={values.layout}
                  onChange={(event) => change({ layout: event.target.value })}
                  disabled={sending}
                  error={Boolean(fieldError('layout'))}
                  helperText={fieldError('layout')}
                  sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
                >
                  {draft.data.layouts.map((layout) => (
                    <MenuItem key={layout} value={layout}>
                      {t(`billing:print.layouts.${layout}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.data.canAttachXml && (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={values.attachXml}
                        onChange={(event) => change({ attachXml: event.target.checked })}
                        disabled={sending}
                      />
                    }
                    label={t('send.attach_xml')}
                  />
                )}
              </Box>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={sending}>
          {t('common:actions.cancel')}
        </Button>
        <BusyButton
          type="submit"
          form={`${titleId}-form`}
          busy={sending}
          icon={<Send />}
          disabled={!values || (tried && invalid)}
        >
          {t('send.send')}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
