import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useMemo } from 'react';

/** The dark modules of a QR code as one SVG path (a 1×1 square each), with the 4-module quiet zone around. */
function qrPath(value: string): { path: string; size: number } {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const margin = 4;
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column + margin} ${row + margin}h1v1h-1z`);
    }
  }
  return { path: parts.join(''), size: modules.size + margin * 2 };
}

/**
 * A QR code drawn in the browser (the `qrcode` package computes the modules; nothing leaves the page) as an SVG image
 * with an accessible name. Black on white whatever the theme, so every camera reads it.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { path, size: modules } = useMemo(() => qrPath(value), [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, maxWidth: '100%', display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    >
      <title>{label}</title>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </Box>
  );
}
