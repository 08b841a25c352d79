import { useEffect, useState } from 'react';
import { api } from './api-client.ts';

let answer: Promise<boolean | undefined> | null = null;

/** GET /api/auth/IsProductionEnvironment once per page load; undefined when it fails. */
export function fetchIsProductionEnvironment(): Promise<boolean | undefined> {
  answer ??= api.get<boolean>('/auth/IsProductionEnvironment', { auth: false, quiet: true }).catch(() => undefined);
  return answer;
}

/** Forgets the answer (tests simulate several page loads). */
export function forgetEnvironment(): void {
  answer = null;
}

/**
 * Whether the server runs in production, for pages open without sign-in (signed-in pages read
 * `isProduction` of the user info). Undefined while loading or after a failure, so the TEST banner
 * shows only when the server says "not production".
 */
export function useIsProductionEnvironment(): boolean | undefined {
  const [value, setValue] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void fetchIsProductionEnvironment().then((result) => {
      if (active) setValue(result);
    });
    return () => {
      active = false;
    };
  }, []);
  return value;
}
