import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The Kantora mark and name (drawn inline: no image requests, CSP-safe). */
export function BrandMark({
  size = 36,
  showName = true,
  color = 'inherit',
}: {
  size?: number;
  showName?: boolean;
  color?: string;
}) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25, color }}>
      <Box
        component="svg"
        viewBox="0 0 64 64"
        aria-hidden
        sx={{ width: size, height: size, flexShrink: 0, borderRadius: 1.5, boxShadow: 1 }}
      >
        <rect width="64" height="64" rx="14" fill="#1d4f91" />
        <path d="M20 14h8v15l13-15h10L37 30l15 20H41L31 36l-3 3v11h-8z" fill="#fff" />
      </Box>
      {showName && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.55, letterSpacing: 0.3 }}>
          Kantora
        </Typography>
      )}
    </Box>
  );
}
