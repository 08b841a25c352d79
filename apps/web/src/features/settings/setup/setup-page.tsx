import CheckCircle from '@mui/icons-material/CheckCircle';
import ChevronRight from '@mui/icons-material/ChevronRight';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { SetupItem, SetupStatus } from '@kantora/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { PageToolbar } from '../../../components/ui/page-toolbar.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { visuallyHidden } from '../../../components/ui/visually-hidden.ts';
import { LoadFailed } from '../load-failed.tsx';
import { SETUP_ITEM_PATHS, useSetupStatus } from './setup-status.ts';

/** What an item still lacks, in words (the currencies of the default accounts, the registers not confirmed). */
function useMissingText(item: SetupItem): string | null {
  const { t } = useTranslation('settings');
  if (item.done || item.missing.length === 0) return null;
  if (item.key === 'banks') return t('setup.items.banks.missing', { currencies: item.missing.join(', ') });
  if (item.key === 'registers')
    return t('setup.items.registers.missing', {
      registers: item.missing.map((kind) => t(`setup.items.registers.names.${kind}`)).join(', '),
    });
  return null;
}

function ChecklistItem({ item, step }: { item: SetupItem; step: number }) {
  const { t } = useTranslation('settings');
  const missing = useMissingText(item);
  const title = `${step}. ${t(`setup.items.${item.key}.title`)}`;
  const state = item.done ? t('setup.done') : t('setup.todo');
  const text = t(`setup.items.${item.key}.text`, { page: t('routes:my_company'), save: t('invoices.save_registers') });
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={Link}
        to={SETUP_ITEM_PATHS[item.key]}
        sx={{ py: 1.5, px: { xs: 1.5, sm: 2.5 }, alignItems: 'flex-start', gap: { xs: 1, sm: 1.5 } }}
      >
        <ListItemIcon sx={{ minWidth: 0, mt: 0.25 }}>
          {item.done ? (
            <CheckCircle color="success" aria-hidden />
          ) : (
            <RadioButtonUnchecked color="action" aria-hidden />
          )}
        </ListItemIcon>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {title}
            </Typography>
            {/* Said, not shown: the link's name pauses between the title, the state and the explanation. */}
            <Box component="span" sx={visuallyHidden}>
              {'\u00a0—\u00a0'}
            </Box>
            <Chip
              size="small"
              variant={item.done ? 'filled' : 'outlined'}
              color={item.done ? 'success' : 'default'}
              label={state}
              component="span"
            />
            <Box component="span" sx={visuallyHidden}>
              {'.\u00a0'}
            </Box>
          </Box>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
            {text}
          </Typography>
          {missing && (
            <Typography component="span" variant="body2" color="warning.dark" sx={{ display: 'block', mt: 0.5 }}>
              {missing}
            </Typography>
          )}
        </Box>
        <ChevronRight color="action" aria-hidden sx={{ alignSelf: 'center', display: { xs: 'none', sm: 'block' } }} />
      </ListItemButton>
    </ListItem>
  );
}

/** The checklist: each item a link to the screen that completes it, with its state. */
export function SetupChecklist({ status }: { status: SetupStatus }) {
  const { t } = useTranslation('settings');
  const progressId = useId();
  const done = status.items.filter((item) => item.done).length;
  const total = status.items.length;
  return (
    <>
      {status.complete && (
        <Alert
          severity="success"
          sx={{ mb: 2, alignItems: 'center' }}
          action={
            <Button
              component={Link}
              to="/invoices/create"
              color="inherit"
              size="small"
              variant="outlined"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('setup.first_invoice')}
            </Button>
          }
        >
          {t('setup.all_done')}
        </Alert>
      )}
      <SectionCard
        title={t('setup.list')}
        subtitle={<span id={progressId}>{t('setup.progress', { done, total })}</span>}
        flush
      >
        <LinearProgress
          variant="determinate"
          value={(done / total) * 100}
          color={status.complete ? 'success' : 'primary'}
          aria-labelledby={progressId}
          sx={{ height: 6 }}
        />
        <List disablePadding aria-label={t('setup.list')}>
          {status.items.map((item, index) => (
            <ChecklistItem key={item.key} item={item} step={index + 1} />
          ))}
        </List>
      </SectionCard>
    </>
  );
}

/** /settings/setup: the first-run checklist of the administrator. */
export default function SetupPage() {
  const { t } = useTranslation('settings');
  const query = useSetupStatus(true);
  return (
    <>
      <PageToolbar description={t('setup.intro')} />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <SetupChecklist status={query.data} />
      )}
    </>
  );
}
