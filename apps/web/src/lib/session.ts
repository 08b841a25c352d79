import type { CurrentUserInfo } from '@kantora/domain';
import { useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { changeLocale, currentLocale } from './i18n.ts';
import { storedLocale } from './locale.ts';
import { clearToken, getToken } from './token.ts';

/**
 * The signed-in user, shared by the route guard, the shell and the sign-in page. A 401 clears
 * the token (API client) and the guard checks the token on every navigation; the sign-in page
 * replaces the user on the next sign-in.
 */
let user: CurrentUserInfo | null = null;
let loading: Promise<CurrentUserInfo> | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSessionUser(): CurrentUserInfo | null {
  return user;
}

export function setSessionUser(next: CurrentUserInfo | null): void {
  user = next;
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): CurrentUserInfo | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}

/** Loads getCurrentUserInfo once (concurrent callers share the call). */
export function loadSessionUser(): Promise<CurrentUserInfo> {
  if (!getToken()) return Promise.reject(new Error('no token'));
  // Quiet: the route guard and the sign-in page decide what a failure means.
  loading ??= api
    .get<CurrentUserInfo>('/auth/getCurrentUserInfo', { quiet: true })
    .then(async (info) => {
      // The server's saved locale wins when this browser has no choice of its own.
      if (!storedLocale() && info.locale !== currentLocale()) await changeLocale(info.locale);
      setSessionUser(info);
      return info;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Forgets the token and the user. */
export function resetSession(): void {
  clearToken();
  setSessionUser(null);
}
