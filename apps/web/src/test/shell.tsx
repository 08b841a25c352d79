import type { CurrentUserInfo } from '@kantora/domain';
import { render } from '@testing-library/react';
import { AppRoutes } from '../app/router.tsx';
import { setToken } from '../lib/token.ts';
import { LocationProbe, mockApi, ok, TestProviders } from './render.tsx';

/** The whole app's routes at `route`, its location shown by `LocationProbe` (answers and session are the test's). */
export function renderApp(route: string) {
  return render(
    <TestProviders route={route}>
      <AppRoutes />
      <LocationProbe />
    </TestProviders>,
  );
}

/**
 * The whole signed-in app at `route` for the user `info` (with a token set), its location shown by `LocationProbe`;
 * `extra` answers the calls the test is about. Kept apart from render.tsx so other tests do not load the router.
 */
export function renderShell(route: string, info: CurrentUserInfo, extra: Parameters<typeof mockApi>[0] = {}) {
  setToken('tok');
  const api = mockApi({
    'GET /api/auth/getCurrentUserInfo': () => ok(info),
    'GET /api/auth/IsProductionEnvironment': () => ok(true),
    ...extra,
  });
  renderApp(route);
  return api;
}
