import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { alpha, type Theme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changedCount, type DiffRow, diffDocuments } from './log-diff.ts';

const TONES: Record<DiffRow['change'], ((theme: Theme) => string) | undefined> = {
  added: (theme) => alpha(theme.palette.success.main, 0.12),
  removed: (theme) => alpha(theme.palette.error.main, 0.1),
  changed: (theme) => alpha(theme.palette.warning.main, 0.18),
  same: undefined,
};

function Value({ text }: { text: string | undefined }) {
  if (text === undefined)
    return (
      <Typography component="span" color="text.disabled">
        —
      </Typography>
    );
  return (
    <Box
      component="span"
      sx={{
        fontFamily: 'monospace',
        fontSize: '0.82rem',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        fontStyle: text === 'null' ? 'italic' : undefined,
      }}
    >
      {text === '' ? '""' : text}
    </Box>
  );
}

/** The old and new documents of a log entry side by side, flattened to fields; changed fields are highlighted. */
export function LogDiffTable({ oldDocument, newDocument }: { oldDocument: unknown; newDocument: unknown }) {
  const { t } = useTranslation('settings');
  const rows = diffDocuments(oldDocument, newDocument);
  const changes = changedCount(rows);
  // Updates open on what changed; creations and deletions show everything.
  const [onlyChanges, setOnlyChanges] = useState(oldDocument != null && newDocument != null && changes > 0);
  const shown = onlyChanges ? rows.filter((row) => row.change !== 'same') : rows;

  if (rows.length === 0) return <Typography color="text.secondary">{t('logs.no_documents')}</Typography>;
  return (
    <Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}
      >
        <Typography variant="body2" color="text.secondary" role="status">
          {t('logs.changes_count', { changed: changes, total: rows.length })}
        </Typography>
        <FormControlLabel
          control={<Switch checked={onlyChanges} onChange={(event) => setOnlyChanges(event.target.checked)} />}
          label={t('logs.only_changes')}
        />
      </Box>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" aria-label={t('logs.comparison')} sx={{ tableLayout: 'fixed', minWidth: 360 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '30%' }}>{t('logs.field')}</TableCell>
              <TableCell>{t('logs.old')}</TableCell>
              <TableCell>{t('logs.new')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow
                key={row.path}
                data-change={row.change}
                sx={{ bgcolor: TONES[row.change], verticalAlign: 'top' }}
              >
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  <Box
                    component="span"
                    sx={{ fontFamily: 'monospace', fontSize: '0.82rem', fontWeight: row.change === 'same' ? 400 : 700 }}
                  >
                    {row.path}
                  </Box>
                  {row.change !== 'same' && (
                    <Chip
                      size="small"
                      label={t(`logs.change.${row.change}`)}
                      sx={{ ml: 0.75, height: 18, fontSize: '0.7rem' }}
                    />
                  )}
                </TableCell>
                <TableCell>
                  <Value text={row.old} />
                </TableCell>
                <TableCell>
                  <Value text={row.new} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
