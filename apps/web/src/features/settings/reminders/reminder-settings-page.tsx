import {
  MAX_REMINDER_DAYS,
  MAX_REMINDER_STAGES,
  type ReminderRunResult,
  type ReminderSettingsView,
  reminderSettingsSaveSchema,
} from '@kantora/domain';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Save from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { reminderKeys, reminderQueries, remindersApi } from '../../../api/reminders.ts';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { LoadFailed } from '../load-failed.tsx';

/** The errors of the form by field: `enabled`, `stageDays` (the list) and `stageDays.<n>`. */
type Errors = Record<string, string>;

function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'stageDays';
    out[key] ??= issue.message;
  }
  return out;
}

/** On or off and the stages (days after the deadline, ascending), saved together. */
function SettingsCard({ settings }: { settings: ReminderSettingsView }) {
  const { t } = useTranslation('reminders');
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [days, setDays] = useState<string[]>(settings.stageDays.map(String));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const dirty = enabled !== settings.enabled || days.join(',') !== settings.stageDays.join(',');

  const setDay = (index: number, value: string) =>
    setDays((current) => current.map((day, i) => (i === index ? value.replace(/\D/g, '') : day)));

  const save = async () => {
    const values = { enabled, stageDays: days.map((day) => (day === '' ? Number.NaN : Number(day))) };
    const parsed = reminderSettingsSaveSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await remindersApi.saveSettings(parsed.data);
      queryClient.setQueryData(reminderKeys.settings, saved);
      setEnabled(saved.enabled);
      setDays(saved.stageDays.map(String));
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0)
        setErrors(Object.fromEntries(error.errors.map((item) => [item.field, item.message])));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title={t('settings.title')}
      subtitle={settings.updated ? t('settings.updated', { date: formatDateTime(settings.updated) }) : undefined}
      actions={
        <Button variant="contained" startIcon={<Save />} onClick={() => void save()} disabled={busy || !dirty}>
          {t('common:actions.save')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} disabled={busy} />}
          label={t('settings.enabled')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
          {t('settings.enabled_hint')}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('settings.stages')}
          </Typography>
          <Box
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 220px))' } }}
          >
            {days.map((day, index) => {
              const error = errors[`stageDays.${index}`];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a stage is its position (stage 1, 2, 3); only the last is removed
                <Box key={index} sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <TextField
                    label={t('settings.stage', { n: index + 1 })}
                    value={day}
                    onChange={(event) => setDay(index, event.target.value)}
                    required
                    disabled={busy}
                    error={Boolean(error)}
                    helperText={error ? translateMessage(error) : t('settings.stage_days')}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
                    sx={{ flex: 1 }}
                  />
                  {days.length > 1 && index === days.length - 1 && (
                    <IconButton
                      aria-label={t('settings.remove_stage', { n: index + 1 })}
                      onClick={() => setDays((current) => current.slice(0, -1))}
                      disabled={busy}
                      sx={{ mt: 1 }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  )}
                </Box>
              );
            })}
          </Box>
          {errors.stageDays && (
            <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
              {translateMessage(errors.stageDays)}
            </Typography>
          )}
          {days.length < MAX_REMINDER_STAGES && (
            <Button
              startIcon={<Add />}
              onClick={() => {
                const last = Number(days[days.length - 1]) || 0;
                setDays((current) => [...current, String(Math.min(last + 14, MAX_REMINDER_DAYS))]);
              }}
              disabled={busy}
              sx={{ mt: 1 }}
            >
              {t('settings.add_stage')}
            </Button>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('settings.templates_hint')}{' '}
          <Link component={RouterLink} to="/settings/mail-templates">
            {t('settings.templates_link')}
          </Link>
        </Typography>
      </Box>
    </SectionCard>
  );
}

/** The day's run started by hand: asks first, then says how many reminders it queued. */
function RunCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('reminders');
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReminderRunResult | null>(null);

  const run = async () => {
    const sure = await confirm({
      titleKey: t('run.confirm_title'),
      messageKey: t('run.confirm_text'),
      confirmLabel: t('run.button'),
    });
    if (!sure) return;
    setBusy(true);
    try {
      const next = await remindersApi.run();
      setResult(next);
      notify.success(t('run.queued', { count: next.queued }));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title={t('run.title')}
      subtitle={t('run.hint')}
      actions={
        <Button variant="outlined" startIcon={<PlayArrow />} onClick={() => void run()} disabled={busy || !enabled}>
          {t('run.button')}
        </Button>
      }
    >
      {!enabled ? (
        <Typography color="text.secondary">{t('run.disabled')}</Typography>
      ) : result ? (
        <Alert severity={result.queued > 0 ? 'success' : 'info'} role="status">
          {t('run.queued', { count: result.queued })} {t('run.on_day', { date: formatDate(result.runDate) })}
        </Alert>
      ) : (
        <Typography color="text.secondary">{t('run.not_run')}</Typography>
      )}
    </SectionCard>
  );
}

/**
 * /settings/reminders (admin): automatic payment reminders on or off, their stages (days after the payment deadline,
 * up to three), and the day's run by hand. The texts of the reminders are mail templates (reminder1–3).
 */
export default function ReminderSettingsPage() {
  const { t } = useTranslation('reminders');
  const settings = useQuery(reminderQueries.settings());
  return (
    <>
      <PageToolbar description={t('settings.intro')} />
      {settings.isError ? (
        <LoadFailed onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton variant="rounded" height={280} />
      ) : (
        <>
          <SettingsCard key={settings.data.updated ?? 'default'} settings={settings.data} />
          <RunCard enabled={settings.data.enabled} />
        </>
      )}
    </>
  );
}
