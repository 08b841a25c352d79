import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FactsListProps {
  /** Label and value, in order. */
  facts: Array<[string, ReactNode]>;
  /** The narrowest column from the small breakpoint up (one column on phones). */
  minColumnWidth?: number;
  /** Space below the list (theme spacing). */
  marginBottom?: number;
}

/** A record's facts as a description list (`dt`/`dd` pairs) in a grid: one column on phones, as many as fit above. */
export function FactsList({ facts, minColumnWidth = 200, marginBottom = 2 }: FactsListProps) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `repeat(auto-fill, minmax(${minColumnWidth}px, 1fr))` },
        gap: 1.5,
        m: 0,
        mb: marginBottom,
      }}
    >
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
