// How the server process is started: `npm start`, the end-to-end tests and the memory bench
// (apps/server/bench/pglite-memory.ts) run the same command, so what the tests and the bench
// measure is what users run.
import { join } from 'node:path';

/**
 * V8's old space for a server on the embedded database, in MB. PGlite's PostgreSQL lives in the
 * same process (its WebAssembly memory, about 150 MB, never shrinks), so without a cap V8 grows
 * its heap lazily under prints and exports and the process peaked at 600 MB; with this cap it
 * collects sooner and the bench's print and export rows, 32 at once included, stay under 500 MB
 * (docs/performance.md, "Memory on the embedded database"). A server on PostgreSQL keeps V8's
 * default: its database is another process and its machine is sized by whoever runs it.
 */
export const EMBEDDED_HEAP_MB = 256;

/**
 * The node arguments of the server. `embedded`: it runs on PGlite (no DATABASE_URL), and then with the heap cap unless
 * `cap` is false (the memory bench's comparison without it).
 */
export function serverArgs(root, { embedded, cap = embedded }) {
  return [
    ...(embedded && cap ? [`--max-old-space-size=${EMBEDDED_HEAP_MB}`] : []),
    '--import',
    'tsx',
    join(root, 'apps/server/src/main.ts'),
  ];
}

/** Whether an environment runs the server on the embedded database (no DATABASE_URL). */
export const isEmbedded = (env) => !env.DATABASE_URL;
