import { MAIL_STATES, type MailSmtpState, type MailView } from '@kantora/domain';
import Replay from '@mui/icons-material/Replay';
import Send from '@mui/icons-material/Send';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mailKeys, outboxApi, type MailListRequest } from '../../../api/mail.ts';
import { MailEntityLink, MAIL_ENTITY_MODELS, mailEntityLabel } from '../../../components/entities/mail/mail-entity.tsx';
import { canRetryMail, MailStateChip } from '../../../components/entities/mail/mail-state-chip.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { DateField } from '../../../components/ui/fields/date-field.tsx';
import { OptionSelectField } from '../../../components/ui/fields/option-select-field.tsx';
import { FormTextField } from '../../../components/ui/fields/text-field.tsx';
import { FilterForm } from '../../../components/ui/filter-form.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { RowAction } from '../../../components/ui/row-action.tsx';
import { useListState } from '../../../components/ui/use-list-query.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useInvalidate } from '../../../lib/metadata.ts';
import { notify } from '../../../lib/notify.ts';
import { MailPreviewDialog } from './mail-preview-dialog.tsx';

interface MailFilter {
  state: string | null;
  fromDate: string | null;
  toDate: string | null;
  recipient: string | null;
  entityModel: string | null;
  entityId: string | null;
}
const emptyFilter: MailFilter = {
  state: null,
  fromDate: null,
  toDate: null,
  recipient: null,
  entityModel: null,
  entityId: null,
};

/**
 * The mail server's state: configured or not, the last delivery and the last error; with a server configured and
 * messages held from before, the button that sends them all (`onSendHeld`).
 */
export function SmtpState({
  smtp,
  onSendHeld,
  busy = false,
}: {
  smtp: MailSmtpState | null;
  onSendHeld?: () => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('mail');
  if (!smtp) return null;
  const lines = [
    smtp.lastSuccessAt ? t('smtp.last_success', { date: formatDateTime(smtp.lastSuccessAt) }) : t('smtp.no_success'),
    smtp.lastError && t('smtp.last_error', { date: formatDateTime(smtp.lastErrorAt), error: smtp.lastError }),
  ].filter(Boolean);
  return (
    <Alert
      severity={
        !smtp.configured
          ? 'warning'
          : smtp.lastError && (smtp.lastErrorAt ?? '') > (smtp.lastSuccessAt ?? '')
            ? 'error'
            : 'success'
      }
      variant="outlined"
      sx={{ mb: 2 }}
      role="status"
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t(smtp.configured ? 'smtp.configured' : 'smtp.not_configured')}
      </Typography>
      {!smtp.configured && <Typography variant="body2">{t('smtp.held_hint')}</Typography>}
      {smtp.configured && smtp.held > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <Typography variant="body2">{t('smtp.held_count', { count: smtp.held })}</Typography>
          {onSendHeld && (
            <Button size="small" variant="outlined" startIcon={<Send />} onClick={onSendHeld} disabled={busy}>
              {t('smtp.send_held', { count: smtp.held })}
            </Button>
          )}
        </Box>
      )}
      {lines.map((line) => (
        <Typography key={line as string} variant="body2" sx={{ wordBreak: 'break-word' }}>
          {line}
        </Typography>
      ))}
    </Alert>
  );
}

/**
 * /settings/outgoing-mail (admin): the outbox, newest first, with its filters (state, creation days, recipient, the
 * document it belongs to), the mail server's state above it, a message's preview and the retry of a failed or held
 * one. `?entityModel=&entityId=` start it filtered to one document's messages (the editor's history links here).
 */
export default function OutgoingMailPage() {
  const { t, i18n } = useTranslation('mail');
  const [params] = useSearchParams();
  const initial: MailFilter = {
    ...emptyFilter,
    entityModel: params.get('entityModel'),
    entityId: params.get('entityId'),
  };
  const list = useListState<Partial<MailFilter>>({
    sortBy: 'created',
    sortDesc: true,
    filters: initial.entityModel || initial.entityId ? initial : {},
  });
  const invalidate = useInvalidate();
  const [preview, setPreview] = useState<string | null>(null);
  const [smtp, setSmtp] = useState<MailSmtpState | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);

  const fetcher = useMemo(
    () => async (request: MailListRequest) => {
      const answer = await outboxApi.list(request);
      setSmtp(answer.Smtp);
      return answer;
    },
    [],
  );

  const confirm = useConfirm();
  const [sendingHeld, setSendingHeld] = useState(false);
  const sendHeld = async () => {
    if (
      !smtp ||
      !(await confirm({
        messageKey: t('smtp.send_held_question', { count: smtp.held }),
        confirmLabel: t('smtp.send_held', { count: smtp.held }),
      }))
    )
      return;
    setSendingHeld(true);
    try {
      const { count } = await outboxApi.retryHeld();
      notify.success(t('smtp.send_held_done', { count }));
      invalidate(mailKeys.outbox, mailKeys.all);
    } catch {
      // The API client has shown why.
    } finally {
      setSendingHeld(false);
    }
  };

  const retry = async (mail: MailView) => {
    setRetrying(mail._id);
    try {
      await outboxApi.retry(mail._id);
      notify.success(t('retry.done'));
      invalidate(mailKeys.outbox, mailKeys.all);
    } catch {
      // The API client has shown why.
    } finally {
      setRetrying(null);
    }
  };

  const stateOptions = MAIL_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }));
  const entityOptions = MAIL_ENTITY_MODELS.map((model) => ({ value: model, label: mailEntityLabel(t, model) }));

  const columns = useMemo<DataTableColumn<MailView>[]>(
    () => [
      {
        field: 'created',
        header: 'mail:fields.created',
        sortable: true,
        render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created)}</span>,
      },
      {
        field: 'to',
        header: 'mail:fields.to',
        render: (row) => (
          <Box sx={{ wordBreak: 'break-word', minWidth: 120 }}>
            {row.to.join(', ')}
            <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
              {row.subject}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'subject',
        header: 'mail:fields.subject',
        hideBelow: 'md',
        render: (row) => <Box sx={{ wordBreak: 'break-word' }}>{row.subject}</Box>,
      },
      {
        field: 'entity',
        header: 'mail:fields.entity',
        hideBelow: 'lg',
        priority: 1,
        render: (row) => <MailEntityLink mail={row} />,
      },
      {
        field: 'state',
        header: 'mail:fields.state',
        sortable: true,
        render: (row) => <MailStateChip state={row.state} />,
      },
    ],
    [],
  );

  return (
    <>
      <PageToolbar description={t('outbox.intro')} />
      <SmtpState smtp={smtp} onSendHeld={() => void sendHeld()} busy={sendingHeld} />
      <FilterForm<MailFilter>
        emptyValues={emptyFilter}
        defaultValues={initial}
        onApply={list.applyFilters}
        onResetPage={list.resetPage}
      >
        {(form) => (
          <>
            <OptionSelectField
              control={form.control}
              name="state"
              label={t('fields.state')}
              options={stateOptions}
              clearable
            />
            <DateField control={form.control} name="fromDate" label={t('fields.from_date')} />
            <DateField control={form.control} name="toDate" label={t('fields.to_date')} />
            <FormTextField control={form.control} name="recipient" label={t('fields.recipient')} />
            <OptionSelectField
              control={form.control}
              name="entityModel"
              label={t('fields.entity')}
              options={entityOptions}
              clearable
            />
          </>
        )}
      </FilterForm>
      <DataTable<MailView, Partial<MailFilter>>
        queryKey={mailKeys.outbox}
        fetcher={fetcher}
        filters={list.filters}
        columns={columns}
        state={list.state}
        onStateChange={list.setState}
        label={t('routes:outgoing_mail')}
        emptyText={t('outbox.empty')}
        rowActions={(row) => {
          const target = `${row.to.join(', ')} ${formatDateTime(row.created)}`;
          return (
            <>
              {/* Without a mail server a retry cannot deliver: the notice above says so. */}
              {canRetryMail(row) && smtp?.configured !== false && (
                <RowAction
                  label={t('retry.button')}
                  target={target}
                  icon={<Replay fontSize="small" />}
                  disabled={retrying !== null}
                  onClick={() => void retry(row)}
                />
              )}
              <RowAction
                label={t('common:actions.preview')}
                target={target}
                icon={<Visibility fontSize="small" />}
                onClick={() => setPreview(row._id)}
              />
            </>
          );
        }}
      />
      {preview && (
        <MailPreviewDialog
          id={preview}
          locale={i18n.language}
          retryDisabled={smtp?.configured === false}
          onClose={() => setPreview(null)}
        />
      )}
    </>
  );
}
