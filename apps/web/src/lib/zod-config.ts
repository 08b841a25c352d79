/**
 * Zod compiles object parsers with `new Function` when it may, and finds out whether it may by trying once. The app's
 * Content-Security-Policy has no 'unsafe-eval', so that try is refused and reported as a policy violation on every
 * page. In the browser zod runs without the compiler (`jitless`): no eval is attempted, and the policy stays strict.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (what `z.config()` writes to, shared by every copy of
 * zod), so this module sets `jitless` there without loading zod: the sign-in page ships no zod. It is main.tsx's first
 * import, so the setting is in place before any schema is made (zod reads it when an object schema is created).
 * lib/zod-config.test.ts checks that zod sees it.
 */
const holder = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
