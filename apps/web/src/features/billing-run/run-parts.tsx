import {
  BILLING_ROUTES,
  type BillingRunLeftOut,
  type BillingRunResult,
  type BillingRunRow,
  fromCents,
  toCents,
} from '@kantora/domain';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { translateMessage } from '../../lib/i18n.ts';
import { localized } from '../../lib/labels.ts';
import { LateMark } from './due-table.tsx';

const period = (row: { periodFrom: string; periodTo: string }) =>
  `${formatDate(row.periodFrom)} – ${formatDate(row.periodTo)}`;

/** The chosen rows' sums per currency (integer cents: display only; the server computed each row). */
export function ChosenSums({ rows }: { rows: BillingRunRow[] }) {
  const { t } = useTranslation('billing-run');
  const sums = new Map<string, { code: string; count: number; amount: number; total: number }>();
  for (const row of rows) {
    const code = row.currencyCode ?? '';
    const sum = sums.get(code) ?? { code, count: 0, amount: 0, total: 0 };
    sums.set(code, {
      code,
      count: sum.count + 1,
      amount: sum.amount + toCents(row.amount),
      total: sum.total + toCents(row.totalAmount),
    });
  }
  if (sums.size === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('sums.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {[...sums.values()].map((sum) => (
        <Box
          component="li"
          key={sum.code}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.75 }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('sums.line', { currency: sum.code, count: sum.count })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sums.amounts', {
              amount: formatMoney(fromCents(sum.amount), sum.code),
              total: formatMoney(fromCents(sum.total), sum.code),
            })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The periods left out of the run (late ones marked) and why. */
export function LeftOutCard({ rows }: { rows: BillingRunLeftOut[] }) {
  const { t, i18n } = useTranslation('billing-run');
  if (rows.length === 0) return null;
  return (
    <SectionCard title={t('left_out.title', { count: rows.length })} subtitle={t('left_out.subtitle')}>
      <List dense disablePadding>
        {rows.map((row) => (
          <ListItem key={`${row.contractId}|${row.periodFrom}`} disableGutters divider>
            <ListItemText
              primary={`${localized(row.companyName, i18n.language)} · ${localized(row.contractName, i18n.language)}`}
              secondary={
                <Box
                  component="span"
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mt: 0.5 }}
                >
                  {period(row)}
                  {row.late && <LateMark />}
                  {row.reasons.map((reason) => (
                    <Chip
                      key={reason}
                      component="span"
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={t(`reasons.${reason}`)}
                    />
                  ))}
                </Box>
              }
            />
          </ListItem>
        ))}
      </List>
    </SectionCard>
  );
}

/** The run's progress (items sent of those chosen). */
export function RunProgress({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation('billing-run');
  const labelId = useId();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography id={labelId} variant="body2" sx={{ mb: 0.5 }}>
        {done < total ? t('progress.running', { done, total }) : t('progress.done', { total })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total === 0 ? 100 : Math.round((done / total) * 100)}
        aria-labelledby={labelId}
      />
    </Box>
  );
}

/**
 * What a run made: the documents with links to their editors, what it skipped, what could not be issued; the issued
 * ones can be sent by e-mail (`onSendMail`).
 */
export function RunResults({ result, onSendMail }: { result: BillingRunResult; onSendMail?: () => void }) {
  const { t, i18n } = useTranslation(['billing-run', 'mail']);
  const issued = result.created.filter((doc) => doc.issued).length;
  const billed = result.skipped.filter((item) => item.reason === 'billed').length;
  const other = result.skipped.length - billed;
  return (
    <SectionCard
      title={t('results.title', { count: result.created.length })}
      subtitle={[
        billed > 0 && t('results.billed', { count: billed }),
        other > 0 && t('results.skipped', { count: other }),
      ]
        .filter(Boolean)
        .join(' ')}
      actions={
        onSendMail && issued > 0 ? (
          <Button variant="outlined" startIcon={<Send />} onClick={onSendMail}>
            {t('mail:send_many.button_issued', { count: issued })}
          </Button>
        ) : undefined
      }
    >
      {result.created.length === 0 ? (
        <Typography color="text.secondary">{t('results.none')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('results.list')}>
          {result.created.map((doc) => {
            const error = result.issueErrors.find((item) => item._id === doc._id);
            const title = `${t(`kind.${doc.kind}`)}${doc.number ? ` № ${doc.number}` : ` (${t('results.draft')})`}`;
            return (
              <ListItem key={doc._id} disableGutters divider>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={`${BILLING_ROUTES[doc.kind]}/${doc._id}`}>
                      {`${title} · ${localized(doc.companyName, i18n.language)}`}
                    </Link>
                  }
                  secondary={`${localized(doc.contractName, i18n.language)} · ${period(doc)} · ${formatMoney(doc.totalAmount, doc.currencyCode ?? undefined)}${error ? ` · ${t('results.not_issued', { reason: translateMessage(error.message) })}` : ''}`}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </SectionCard>
  );
}
