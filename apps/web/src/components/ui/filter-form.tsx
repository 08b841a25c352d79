import ExpandMore from '@mui/icons-material/ExpandMore';
import FilterList from '@mui/icons-material/FilterList';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n.ts';
import { isEmptyValue } from './use-list-query.ts';

export interface FilterFormProps<F extends FieldValues> {
  /** The empty filter: what Clear resets to. */
  emptyValues: DefaultValues<F>;
  /** The values the form starts with (e.g. status "active"); default the empty filter. */
  defaultValues?: DefaultValues<F>;
  /** Receives the filter to apply. */
  onApply: (values: F) => void;
  /** Called with every apply and clear: the table goes back to page 1. */
  onResetPage?: () => void;
  /** The fields, bound to the form (`control={form.control}`). */
  children: (form: UseFormReturn<F>) => ReactNode;
  /** Heading; default "Filter". */
  title?: string;
}

export const hasAnyValue = (values: FieldValues): boolean =>
  Object.values(values).some((value) => !isEmptyValue(value));

/**
 * The filter panel of list screens: fields, Apply and Clear. Enter applies; a filter applies only
 * when at least one value is set; Clear resets the fields and applies the empty filter. On small
 * screens the panel folds into an accordion.
 */
export function FilterForm<F extends FieldValues>({
  emptyValues,
  defaultValues,
  onApply,
  onResetPage,
  children,
  title,
}: FilterFormProps<F>) {
  const { t } = useTranslation();
  const form = useForm<F>({ defaultValues: defaultValues ?? emptyValues });
  const [needsValue, setNeedsValue] = useState(false);
  const compact = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [expanded, setExpanded] = useState(false);

  const apply = form.handleSubmit((values) => {
    if (!hasAnyValue(values)) {
      setNeedsValue(true);
      return;
    }
    setNeedsValue(false);
    onResetPage?.();
    onApply(values);
  });

  const clear = () => {
    form.reset(emptyValues);
    setNeedsValue(false);
    onResetPage?.();
    onApply(form.getValues());
  };

  const heading = title ?? t('filter.title');
  const body = (
    <Box component="form" noValidate onSubmit={apply} aria-label={heading}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          alignItems: 'start',
        }}
      >
        {children(form)}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 2 }}>
        {needsValue && (
          <Typography variant="body2" color="text.secondary" role="status" sx={{ mr: 'auto' }}>
            {translateMessage('filter_needs_value')}
          </Typography>
        )}
        <Button type="button" onClick={clear}>
          {t('actions.clear')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<FilterList />}>
          {t('actions.apply')}
        </Button>
      </Box>
    </Box>
  );

  if (compact) {
    return (
      <Accordion
        expanded={expanded}
        onChange={(_, open) => setExpanded(open)}
        variant="outlined"
        disableGutters
        // A list's filter sits under the page's h1: MUI's default h3 would skip a level.
        slotProps={{ heading: { component: 'h2' } }}
        sx={{ mb: 2 }}
      >
        <AccordionSummary expandIcon={<ExpandMore />}>
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600 }}>
            <FilterList fontSize="small" aria-hidden />
            {heading}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>{body}</AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      {body}
    </Paper>
  );
}
