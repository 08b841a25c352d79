import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown when a page throws while rendering or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const { t } = useTranslation('errors');
  return (
    <Box role="alert" sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <div>
        <Typography variant="h1" gutterBottom>
          {t('crash_title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('crash_text')}
        </Typography>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('common:actions.reload')}
        </Button>
      </div>
    </Box>
  );
}

/** Catches render errors below it; a new `resetKey` (the path) clears the error after navigating. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
