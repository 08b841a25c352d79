import type { CurrentUserInfo } from '@kantora/domain';
import { afterEach, vi } from 'vitest';
import { setSessionUser } from '../lib/session.ts';

/** A signed-in user of `access` for tests (ids are UUIDs, as the schemas want). */
export const userOf = (access: number, overrides: Partial<CurrentUserInfo> = {}): CurrentUserInfo => ({
  id: '00000000-0000-4000-8000-000000000091',
  fullName: { bg: 'Тест', it: 'Test' },
  access,
  isProduction: false,
  locale: 'bg',
  email: 'test@kantora.local',
  ...overrides,
});

/** After each test of the file: nobody signed in, fetch no longer stubbed. */
export function signOutAfterEach(): void {
  afterEach(() => {
    setSessionUser(null);
    vi.unstubAllGlobals();
  });
}
