import type { Locale } from '@kantora/domain';
import { createTheme } from '@mui/material/styles';
import { bgBG, itIT } from '@mui/material/locale';

/** System fonts only: the CSP allows no external font host, and these all carry Cyrillic. */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export function createAppTheme(locale: Locale) {
  return createTheme(
    {
      palette: {
        primary: { main: '#1d4f91', light: '#4a78b8', dark: '#123463', contrastText: '#ffffff' },
        secondary: { main: '#8b1e3f' },
        background: { default: '#f3f5f9', paper: '#ffffff' },
        // WCAG 2.1 AA: white on the warning colour (chips, alerts) and disabled fields' text read at 4.5:1 or more
        // (MUI's defaults, #ed6c02 and 38 % black, give 3.1:1 and 2.7:1).
        warning: { main: '#b45309', light: '#d97706', dark: '#8a4b00', contrastText: '#ffffff' },
        text: { primary: '#1b2430', secondary: '#5a6577', disabled: '#626975' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: FONT_STACK,
        h1: { fontSize: '2rem', fontWeight: 600 },
        h2: { fontSize: '1.6rem', fontWeight: 600 },
        h3: { fontSize: '1.35rem', fontWeight: 600 },
        h4: { fontSize: '1.2rem', fontWeight: 600 },
        h5: { fontSize: '1.1rem', fontWeight: 600 },
        h6: { fontSize: '1rem', fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiAppBar: { defaultProps: { elevation: 0, color: 'primary' } },
        MuiPaper: { defaultProps: { elevation: 0 }, styleOverrides: { outlined: { borderColor: '#dde3ec' } } },
        MuiCard: { defaultProps: { variant: 'outlined' } },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
        // A read-only choice reads as text: no menu arrow that would not open.
        MuiInputBase: {
          styleOverrides: {
            root: {
              '&.Mui-readOnly .MuiSelect-icon': { display: 'none' },
            },
          },
        },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiTableCell: { styleOverrides: { head: { fontWeight: 600, whiteSpace: 'nowrap' } } },
        MuiTooltip: { defaultProps: { arrow: true } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
      },
    },
    locale === 'it' ? itIT : bgBG,
  );
}
