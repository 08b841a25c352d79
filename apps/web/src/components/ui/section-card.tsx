import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

export interface SectionCardProps {
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Buttons on the right of the title (add, save). */
  actions?: ReactNode;
  children: ReactNode;
  /** No padding around the body (a table fills the card). */
  flush?: boolean;
}

/** A titled block of a page: a form card or a table with its add button. */
export function SectionCard({ title, subtitle, actions, children, flush = false }: SectionCardProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ mb: 2, overflow: 'hidden' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, sm: 2.5 },
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actions}</Box>}
      </Box>
      <Box sx={flush ? undefined : { p: { xs: 2, sm: 2.5 } }}>{children}</Box>
    </Paper>
  );
}
