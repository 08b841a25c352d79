import { BILLING_KINDS, BILLING_RUN_CHUNK, type BillingRunResult, sofiaDay } from '@kantora/domain';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingKeys } from '../../api/billing.ts';
import { billingRunApi, billingRunKeys, billingRunQueries } from '../../api/billing-run.ts';
import { useConfirm } from '../../components/ui/confirm-dialog.tsx';
import { PageToolbar } from '../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { DueTable, rowKey } from './due-table.tsx';
import { MonthField } from '../../components/ui/fields/month-field.tsx';
import { ChosenSums, LeftOutCard, RunProgress, RunResults } from './run-parts.tsx';
import { SendManyDialog } from '../../components/entities/mail/send-many-dialog.tsx';

/**
 * /invoices/billing-run (management): the contracts' unbilled periods up to the month, the oldest first and the late
 * ones marked (all chosen at first), their sums per currency and the periods left out; the run sends the chosen rows in chunks of BILLING_RUN_CHUNK in the preview's order (so a
 * progress bar can follow it, and numbers follow the preview when issuing), then lists the documents made; the issued
 * ones can be sent by e-mail, each to its client.
 */
export function BillingRunPage() {
  const { t } = useTranslation('billing-run');
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(() => sofiaDay().slice(0, 7));
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [issue, setIssue] = useState(false);
  const [annex, setAnnex] = useState(true);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BillingRunResult | null>(null);
  const [mailing, setMailing] = useState(false);
  const running = progress !== null && progress.done < progress.total;
  // Read on every visit: another manager may have billed some of the month since.
  const preview = useQuery({
    ...billingRunQueries.preview(month),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const rows = useMemo(() => preview.data?.rows ?? [], [preview.data]);
  const chosenRows = useMemo(() => rows.filter((row) => !unticked.has(rowKey(row))), [rows, unticked]);
  const chosen = useMemo(() => new Set(chosenRows.map(rowKey)), [chosenRows]);
  const late = useMemo(() => rows.filter((row) => row.late).length, [rows]);

  const changeMonth = (next: string) => {
    setMonth(next);
    setUnticked(new Set());
    setProgress(null);
    setResult(null);
  };
  const toggle = (key: string) =>
    setUnticked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const run = async () => {
    const items = chosenRows.map((row) => ({ contractId: row.contractId, periodFrom: row.periodFrom }));
    const sure = await confirm({
      titleKey: t('confirm.title'),
      messageKey: t(issue ? 'confirm.text_issue' : 'confirm.text', { count: items.length }),
      confirmLabel: t('actions.run'),
    });
    if (!sure) return;
    const total: BillingRunResult = { created: [], skipped: [], issueErrors: [] };
    setResult(null);
    setProgress({ done: 0, total: items.length });
    try {
      for (let start = 0; start < items.length; start += BILLING_RUN_CHUNK) {
        const chunk = items.slice(start, start + BILLING_RUN_CHUNK);
        const answer = await billingRunApi.run({ month, items: chunk, issue, timesheetAnnex: annex });
        total.created.push(...answer.created);
        total.skipped.push(...answer.skipped);
        total.issueErrors.push(...answer.issueErrors);
        setResult({ ...total });
        setProgress({ done: start + chunk.length, total: items.length });
      }
    } catch {
      // The API client has said why; what was made so far stays listed.
      setProgress((current) => (current ? { ...current, total: current.done } : current));
    } finally {
      setResult({ ...total });
      setUnticked(new Set());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingRunKeys.all }),
        // The invoices and proformas made: every query of both kinds.
        ...BILLING_KINDS.map((kind) => queryClient.invalidateQueries({ queryKey: billingKeys.all(kind) })),
      ]);
    }
  };

  return (
    <>
      <PageToolbar description={t('intro')}>
        <MonthField label={t('month')} value={month} onChange={changeMonth} disabled={running} />
      </PageToolbar>
      {progress && <RunProgress done={progress.done} total={progress.total} />}
      {result && <RunResults result={result} onSendMail={running ? undefined : () => setMailing(true)} />}
      {result && mailing && (
        <SendManyDialog
          documents={result.created
            .filter((doc) => doc.issued)
            .map((doc) => ({ _id: doc._id, kind: doc.kind, number: doc.number }))}
          onClose={() => setMailing(false)}
        />
      )}
      <SectionCard
        title={t('due.title', { count: rows.length })}
        subtitle={
          preview.data
            ? [
                t('due.chosen', { count: chosenRows.length, total: rows.length }),
                late > 0 && t('due.late', { count: late }),
              ]
                .filter(Boolean)
                .join(' · ')
            : undefined
        }
        actions={
          <Button
            variant="contained"
            startIcon={<PlayArrow />}
            onClick={run}
            disabled={running || chosenRows.length === 0}
          >
            {t('actions.run')}
          </Button>
        }
        flush
      >
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: { xs: 2, sm: 2.5 }, py: 1.5 }}>
          <ChosenSums rows={chosenRows} />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', ml: 'auto' }}>
            <FormControlLabel
              control={
                <Checkbox checked={issue} onChange={(event) => setIssue(event.target.checked)} disabled={running} />
              }
              label={t('options.issue')}
            />
            <FormControlLabel
              control={
                <Checkbox checked={annex} onChange={(event) => setAnnex(event.target.checked)} disabled={running} />
              }
              label={t('options.annex')}
            />
          </Box>
        </Box>
        {preview.data?.truncated && (
          <Alert severity="info" sx={{ mx: { xs: 2, sm: 2.5 }, mb: 1.5 }}>
            {t('due.truncated', { count: rows.length + preview.data.leftOut.length })}
          </Alert>
        )}
        {preview.isPending ? (
          <Box sx={{ px: 2.5, pb: 2 }}>
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Box>
        ) : preview.isError ? (
          <Typography color="error" sx={{ px: 2.5, pb: 2 }}>
            {t('load_failed')}
          </Typography>
        ) : (
          <DueTable
            rows={rows}
            chosen={chosen}
            onToggle={toggle}
            onToggleAll={(all) => setUnticked(all ? new Set() : new Set(rows.map(rowKey)))}
            disabled={running}
          />
        )}
      </SectionCard>
      <LeftOutCard rows={preview.data?.leftOut ?? []} />
    </>
  );
}
