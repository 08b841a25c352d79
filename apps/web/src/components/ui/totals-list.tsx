import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface TotalsFigure {
  key: string;
  label: string;
  value: string;
  /** The total: bold and larger. */
  strong?: boolean;
}

/**
 * The totals of an invoice or a proforma (tax base, VAT, total) as a named group of label and amount, the amounts
 * right-aligned in tabular figures; under them the total in words when given (Bulgarian only, the caller decides).
 */
export function TotalsList({
  label,
  figures,
  words,
  wordsLabel,
}: {
  label: string;
  figures: readonly TotalsFigure[];
  words?: string | null;
  wordsLabel?: string;
}) {
  return (
    <Box role="group" aria-label={label}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 1 }}>
        {figures.map(({ key, label: name, value, strong = false }) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ fontWeight: strong ? 600 : undefined }}>
              {name}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                textAlign: 'right',
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
                fontWeight: strong ? 700 : undefined,
                fontSize: strong ? '1.15rem' : undefined,
              }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {words && (
        <Box sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {wordsLabel}
          </Typography>
          <Typography data-testid="amount-in-words">{words}</Typography>
        </Box>
      )}
    </Box>
  );
}
