import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface PageToolbarProps {
  /** A sentence about the page, on the left. */
  description?: ReactNode;
  /** The page's buttons (add, save), on the right; under the text on phones. */
  children?: ReactNode;
}

/** The line above a list or form: what the page is for, and its main buttons. */
export function PageToolbar({ description, children }: PageToolbarProps) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 2 }}
    >
      <Typography color="text.secondary" sx={{ flex: '1 1 320px', minWidth: 0 }}>
        {description}
      </Typography>
      {children && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto' }}>{children}</Box>}
    </Box>
  );
}
