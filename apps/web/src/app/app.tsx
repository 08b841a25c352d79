import { HashRouter } from 'react-router';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <AppProviders>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
