import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createAppTheme } from '../app/theme.ts';
import { ConfirmProvider } from '../components/ui/confirm-dialog.tsx';
import { Toast } from '../components/ui/toast.tsx';

const toastComponents = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast };

export function TestProviders({ children, route = '/' }: { children: ReactNode; route?: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <ThemeProvider theme={createAppTheme('bg')}>
      <SnackbarProvider Components={toastComponents} autoHideDuration={4000}>
        <QueryClientProvider client={client}>
          <ConfirmProvider>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </ConfirmProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: { route?: string } = {}) {
  return render(<TestProviders route={options.route}>{ui}</TestProviders>);
}

/** Shows the router's current location, for assertions on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A fetch Response carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = <T,>(Result: T, Message: string | null = null) => jsonResponse({ Type: 1, Message, Result });
export const failure = (
  status: number,
  Message: string,
  Errors?: { field: string; message: string; params?: Record<string, string | number | null> }[],
) => jsonResponse({ Type: 0, Message, Errors }, status);

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Stubs fetch with answers by "METHOD /api/path" (query ignored unless the key has one).
 * Unknown calls fail the test loudly with a 599.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: { method: string; url: string; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, init });
    const handler = handlers[`${method} ${url}`] ?? handlers[`${method} ${url.split('?')[0]}`];
    if (!handler) return new Response(`unexpected ${method} ${url}`, { status: 599 });
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** The Authorization header a recorded call sent. */
export function authorizationOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}
