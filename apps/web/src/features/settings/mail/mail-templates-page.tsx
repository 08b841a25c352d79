import {
  LOCALES,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_PLACEHOLDERS,
  type MailTemplateKind,
  type MailTemplateView,
} from '@kantora/domain';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Save from '@mui/icons-material/Save';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailKeys, mailQueries, mailTemplatesApi } from '../../../api/mail.ts';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { LoadFailed } from '../load-failed.tsx';

/** One kind in one language: subject and body, saved or put back to the built-in default. */
function TemplateCard({
  template,
  onChanged,
}: {
  template: MailTemplateView;
  onChanged: (next: MailTemplateView) => void;
}) {
  const { t } = useTranslation('mail');
  const confirm = useConfirm();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const dirty = subject !== template.subject || body !== template.body;
  const ref = { kind: template.kind, language: template.language };

  const take = (next: MailTemplateView) => {
    setSubject(next.subject);
    setBody(next.body);
    setErrors({});
    onChanged(next);
  };

  const save = async () => {
    const missing: Record<string, string> = {};
    if (!subject.trim()) missing.subject = 'field_is_required';
    if (!body.trim()) missing.body = 'field_is_required';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      take(await mailTemplatesApi.save({ ...ref, subject, body }));
    } catch (error) {
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(error.errors.map((item) => [item.field, item.message])));
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    const sure = await confirm({
      titleKey: t('templates.reset_title'),
      messageKey: t('templates.reset_text'),
      confirmLabel: t('templates.reset'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      take(await mailTemplatesApi.reset(ref));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  /** Puts a placeholder where the body's cursor is. */
  const insert = (name: string) => {
    const element = bodyRef.current;
    const token = `{{${name}}}`;
    const start = element?.selectionStart ?? body.length;
    const end = element?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + token + body.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const language = t(`languages.${template.language}`);
  return (
    <SectionCard
      title={language}
      subtitle={
        template.isDefault
          ? t('templates.is_default')
          : t('templates.updated', { date: formatDateTime(template.updated) })
      }
      actions={
        <>
          <Button
            startIcon={<RestartAlt />}
            onClick={() => void reset()}
            disabled={busy || template.isDefault}
            aria-label={`${t('templates.reset')}: ${language}`}
          >
            {t('templates.reset')}
          </Button>
          <Button
            variant="contained"
            startIcon={<Save />}
            onClick={() => void save()}
            disabled={busy || !dirty}
            aria-label={`${t('common:actions.save')}: ${language}`}
          >
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          label={t('fields.subject')}
          value={subject}
          onChange={(event) => setSubject(event.target.value.replace(/[\r\n]+/g, ' '))}
          onKeyDown={(event) => {
            // One line: Enter does not break it (the field wraps a long subject).
            if (event.key === 'Enter') event.preventDefault();
          }}
          multiline
          maxRows={3}
          required
          disabled={busy}
          error={Boolean(errors.subject)}
          helperText={errors.subject ? translateMessage(errors.subject) : undefined}
          slotProps={{ htmlInput: { lang: template.language, maxLength: 300 } }}
        />
        <TextField
          label={t('templates.body')}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          disabled={busy}
          multiline
          minRows={8}
          maxRows={20}
          inputRef={bodyRef}
          error={Boolean(errors.body)}
          helperText={errors.body ? translateMessage(errors.body) : undefined}
          slotProps={{ htmlInput: { lang: template.language } }}
        />
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('templates.insert')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {template.placeholders.map((name) => (
              <Chip
                key={name}
                size="small"
                variant="outlined"
                label={`{{${name}}}`}
                onClick={() => insert(name)}
                disabled={busy}
                aria-label={t('templates.insert_named', { name: `{{${name}}}`, language })}
              />
            ))}
          </Box>
        </Box>
      </Box>
    </SectionCard>
  );
}

/** What each placeholder stands for. */
function Placeholders({ kind }: { kind: MailTemplateKind }) {
  const { t } = useTranslation('mail');
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
      {MAIL_TEMPLATE_PLACEHOLDERS[kind].map((name) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontFamily: 'monospace' }}>
            {`{{${name}}}`}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }} color="text.secondary">
            {t(`placeholders.${name}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /settings/mail-templates (admin): the subject and text of each kind of message (invoice, credit and debit notice,
 * proforma, invitation) in both languages, with the placeholders each fills; a template can be saved or put back to
 * the built-in default. Values are filled in safely by the server (one line, never markup).
 */
export default function MailTemplatesPage() {
  const { t } = useTranslation('mail');
  const queryClient = useQueryClient();
  const templates = useQuery(mailQueries.templates());
  const [kind, setKind] = useState<MailTemplateKind>('invoice');

  const changed = (next: MailTemplateView) =>
    queryClient.setQueryData<MailTemplateView[]>(mailKeys.templates, (current) =>
      current?.map((item) => (item.kind === next.kind && item.language === next.language ? next : item)),
    );

  return (
    <>
      <PageToolbar description={t('templates.intro')} />
      <Tabs
        value={kind}
        onChange={(_, next: MailTemplateKind) => setKind(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('templates.kinds')}
        sx={{ mb: 2 }}
      >
        {MAIL_TEMPLATE_KINDS.map((item) => (
          <Tab
            key={item}
            value={item}
            label={t(`template_kinds.${item}`)}
            id={`mail-kind-${item}`}
            aria-controls="mail-kind-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="mail-kind-panel" aria-labelledby={`mail-kind-${kind}`}>
        {templates.isError ? (
          <LoadFailed onRetry={() => void templates.refetch()} />
        ) : !templates.data ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <>
            <SectionCard title={t('templates.placeholders')} subtitle={t('templates.placeholders_hint')}>
              <Placeholders kind={kind} />
            </SectionCard>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
                '& > section': { mb: 0 },
              }}
            >
              {LOCALES.map((language) => {
                const template = templates.data.find((item) => item.kind === kind && item.language === language);
                return template ? (
                  <TemplateCard
                    key={`${kind}-${language}-${template.updated ?? 'default'}`}
                    template={template}
                    onChanged={changed}
                  />
                ) : null;
              })}
            </Box>
          </>
        )}
      </Box>
    </>
  );
}
