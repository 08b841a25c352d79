import { LOCALES, type Locale, MessageKeys as M, STATEMENT_MAX_DAYS, sofiaDay } from '@kantora/domain';
import Download from '@mui/icons-material/Download';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../ui/fields/date-field.tsx';
import { OptionSelectField } from '../../ui/fields/option-select-field.tsx';
import { SectionCard } from '../../ui/section-card.tsx';
import { schemaResolver } from '../../../lib/labels.ts';
import { RecipientsField } from '../mail/recipients-field.tsx';

/** The period and language of a statement of account. */
export interface StatementValues {
  fromDate: string;
  toDate: string;
  language: Locale;
}

interface StatementFormValues {
  fromDate: string | null;
  toDate: string | null;
  language: Locale;
}

const BUSINESS_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z.string({ error: M.field_is_required }).regex(BUSINESS_DATE, M.invalid_date);

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Both dates given, the period not backwards nor too long (the server's statement schemas check the same). */
export const statementFormSchema = z
  .object({ fromDate: dateField, toDate: dateField, language: z.enum(LOCALES, { error: M.invalid_value }) })
  .superRefine((value, ctx) => {
    if (value.toDate < value.fromDate)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.statement_period_invalid });
    else if (dayNumber(value.toDate) - dayNumber(value.fromDate) > STATEMENT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: M.statement_period_too_long });
  });

/** The first period offered: from the first of January of this year to today (Europe/Sofia). */
export function defaultStatementPeriod(today = sofiaDay()): { fromDate: string; toDate: string } {
  return { fromDate: `${today.slice(0, 4)}-01-01`, toDate: today };
}

export interface StatementCardProps {
  /** Saves the PDF of the period. */
  onDownload: (values: StatementValues) => Promise<unknown>;
  /** Sends it by mail to the addresses (management); no button without it. */
  onSend?: (values: StatementValues, to: string[]) => Promise<unknown>;
  /** The addresses the send dialog starts from (the client's notification e-mails). */
  defaultRecipients?: string[];
  /** The language the form starts in (default: the user's). */
  defaultLanguage?: Locale;
}

/**
 * The statement of account of a client for a period, in Bulgarian or Italian: download the PDF, or (management)
 * send it by mail after choosing the recipients. The client page's tab and the portal's company page show it.
 */
export function StatementCard({ onDownload, onSend, defaultRecipients = [], defaultLanguage }: StatementCardProps) {
  const { t, i18n } = useTranslation('reminders');
  const [busy, setBusy] = useState(false);
  const [mailing, setMailing] = useState<StatementValues | null>(null);
  const form = useForm<StatementFormValues, any, StatementValues>({
    resolver: schemaResolver(statementFormSchema),
    defaultValues: {
      ...defaultStatementPeriod(),
      language: defaultLanguage ?? (i18n.language === 'it' ? 'it' : 'bg'),
    },
  });
  const languages = LOCALES.map((value) => ({ value, label: t(`statement.languages.${value}`) }));

  const download = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      await onDownload(values);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  });

  return (
    <SectionCard
      title={t('statement.title')}
      subtitle={t('statement.hint')}
      actions={
        <>
          {onSend && (
            <Button
              variant="outlined"
              startIcon={<Send />}
              disabled={busy}
              onClick={() => void form.handleSubmit((values) => setMailing(values))()}
            >
              {t('statement.send')}
            </Button>
          )}
          <Button variant="contained" startIcon={<Download />} disabled={busy} onClick={() => void download()}>
            {t('statement.download')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        aria-label={t('statement.title')}
        onSubmit={(event) => {
          event.preventDefault();
          void download();
        }}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
      >
        <DateField control={form.control} name="fromDate" label={t('statement.from')} required disabled={busy} />
        <DateField control={form.control} name="toDate" label={t('statement.to')} required disabled={busy} />
        <OptionSelectField
          control={form.control}
          name="language"
          label={t('statement.language')}
          options={languages}
          size="small"
          disabled={busy}
        />
      </Box>
      {onSend && mailing && (
        <SendStatementDialog
          values={mailing}
          defaultRecipients={defaultRecipients}
          onSend={onSend}
          onClose={() => setMailing(null)}
        />
      )}
    </SectionCard>
  );
}

/** Whom the statement goes to: the client's notification e-mails to start with; sends on confirmation. */
function SendStatementDialog({
  values,
  defaultRecipients,
  onSend,
  onClose,
}: {
  values: StatementValues;
  defaultRecipients: string[];
  onSend: (values: StatementValues, to: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('reminders');
  const titleId = useId();
  const [to, setTo] = useState(defaultRecipients);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (to.length === 0) {
      setError(M.field_is_required);
      return;
    }
    setBusy(true);
    try {
      await onSend(values, to);
      onClose();
    } catch {
      // The API client has shown why; the dialog stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('statement.send_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('statement.send_text')}</DialogContentText>
        <RecipientsField
          label={t('statement.recipients')}
          value={to}
          onChange={(next) => {
            setTo(next);
            setError(null);
          }}
          errors={{ list: error }}
          disabled={busy}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" startIcon={<Send />} onClick={() => void send()} disabled={busy}>
          {t('statement.send_button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
