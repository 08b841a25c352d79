import { Access } from '@kantora/domain';
import { describe, expect, it } from 'vitest';
import { destinationAfterSignIn } from './redirect.ts';

const dest = (query: string, access: number) => destinationAfterSignIn(new URLSearchParams(query), access);

describe('destination after sign-in', () => {
  it('goes to a permitted redirect path with its own query and the other query values', () => {
    expect(dest('redirect=%2Fclients%2F42%3Ftab%3Dbanks&notify=session_expired&from=mail', Access.employee)).toBe(
      '/clients/42?tab=banks&from=mail',
    );
  });
  it('falls back to the landing path for unknown or forbidden paths', () => {
    expect(dest('redirect=/nowhere', Access.manager)).toBe('/clients');
    expect(dest('redirect=/settings/users', Access.employee)).toBe('/clients');
    expect(dest('redirect=/clients', Access.client)).toBe('/my-companies');
    expect(dest('', Access.admin)).toBe('/clients');
  });
  it('never leaves the app', () => {
    expect(dest('redirect=//evil.example/clients', Access.admin)).toBe('/clients');
    expect(dest('redirect=https://evil.example', Access.admin)).toBe('/clients');
  });
});
