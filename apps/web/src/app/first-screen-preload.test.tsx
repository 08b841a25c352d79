import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../lib/i18n.ts';
import { setSessionUser } from '../lib/session.ts';
import { clearToken, setToken } from '../lib/token.ts';
import { mockApi, TestProviders } from '../test/render.tsx';
import { AppRoutes } from './router.tsx';

/** Which modules have been imported: the stand-ins below record it when they are first loaded. */
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./shell/app-shell.tsx', () => {
  loaded.add('shell');
  return { default: () => null };
});
vi.mock('../features/billing/billing-area.tsx', () => {
  loaded.add('billing area');
  return { default: () => null };
});
vi.mock('../features/billing/billing-list-page.tsx', () => {
  loaded.add('invoice list');
  return { BillingListPage: () => null };
});
vi.mock('../features/billing/billing-editor-page.tsx', () => {
  loaded.add('invoice editor');
  return { BillingEditorPage: () => null };
});

vi.mock('../features/contracts/contracts-area.tsx', () => {
  loaded.add('contracts area');
  return { default: () => null };
});
vi.mock('../features/contracts/contract-page.tsx', () => {
  loaded.add('contract page');
  return { default: () => null };
});

let answerUser: (response: Response) => void = () => undefined;

beforeEach(() => {
  setSessionUser(null);
  // The user never arrives during a test: whatever loads, loads before the guard lets the route render.
  mockApi({ 'GET /api/auth/getCurrentUserInfo': () => new Promise<Response>((resolve) => (answerUser = resolve)) });
});
afterEach(() => {
  answerUser(new Response('{}', { status: 401 }));
  clearToken();
  vi.unstubAllGlobals();
});

describe('a cold load of a signed-in page', () => {
  it('without a token goes to the sign-in page and loads nothing of the signed-in app (runs first: modules load once)', async () => {
    render(
      <TestProviders route="/invoices/42">
        <AppRoutes />
      </TestProviders>,
    );
    expect(await screen.findByRole('textbox', { name: 'Потребителско име' })).toBeInTheDocument();
    expect([...loaded]).toEqual([]);
  });

  it('loads the shell, the area, the route’s page and its texts while the user is still being loaded', async () => {
    setToken('token');
    render(
      <TestProviders route="/invoices">
        <AppRoutes />
      </TestProviders>,
    );
    await waitFor(() => expect([...loaded].sort()).toEqual(['billing area', 'invoice list', 'shell']));
    await waitFor(() => expect(i18n.hasLoadedNamespace('billing') && i18n.hasLoadedNamespace('clients')).toBe(true));
  });

  it('loads a contract’s page with the texts of its party cards', async () => {
    setToken('token');
    expect(i18n.hasLoadedNamespace('parties')).toBe(false);
    render(
      <TestProviders route="/contracts/42">
        <AppRoutes />
      </TestProviders>,
    );
    await waitFor(() => expect(loaded).toContain('contract page'));
    await waitFor(() => expect(i18n.hasLoadedNamespace('contracts') && i18n.hasLoadedNamespace('parties')).toBe(true));
  });
});
