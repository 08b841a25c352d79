import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and finds out whether it may by trying once. The app's
 * Content-Security-Policy has no 'unsafe-eval', so that try is refused and reported as a policy violation on every
 * page. In the browser zod runs without the compiler (`jitless`): no eval is attempted, and the policy stays strict.
 * This module is main.tsx's first import, so the setting is in place before any schema is used.
 */
z.config({ jitless: true });
