import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

export interface ChartPanelProps {
  /** The accessible name of the picture (the table beside it holds the same figures). */
  chartLabel: string;
  chart: ReactNode;
  table: ReactNode;
}

/**
 * A chart with its table beside it (under it on narrow screens): the figures are readable without the picture, and a
 * screen reader reads the table. The picture is one named figure.
 */
export function ChartPanel({ chartLabel, chart, table }: ChartPanelProps) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box role="figure" aria-label={chartLabel} sx={{ minWidth: 0, height: 280 }}>
        {chart}
      </Box>
      <Box sx={{ minWidth: 0, overflowX: 'auto' }}>{table}</Box>
    </Box>
  );
}

/** `YYYY-MM` → `MM.yyyy`, the house's date format without the day (the same in both languages). */
export function monthLabel(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? `${match[2]}.${match[1]}` : month;
}
