import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isEmbedded, serverArgs } from '../../scripts/server-command.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port of 127.0.0.1 that nothing listens on. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * The real server, started as `npm start` starts it (scripts/server-command.mjs), on a free port of 127.0.0.1, on PGlite in `dataDir`
 * with the demo seeded on its first start, serving the built web app; `env` adds to or overrides that (APP_ENV,
 * ADMIN_PASSWORD, WEB_DIST). Settles once it serves; a server that does not start is stopped and its output thrown.
 * `onSpawn` gets the process as soon as it runs (for a caller that stops everything it started on a signal);
 * `output` is what it has printed so far; `chosenPort` is a free port the caller picked (to name the server's public
 * address in its environment before it starts).
 */
export async function startServer(
  dataDir: string,
  env: NodeJS.ProcessEnv,
  onSpawn?: (child: ChildProcess) => void,
  chosenPort?: number,
): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, serverArgs(ROOT, { embedded: isEmbedded({ DATABASE_URL: '', ...env }) }), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onSpawn?.(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // The first start migrates and seeds the demo: a minute or more on a loaded 2-core machine.
  const deadline = Date.now() + 300_000;
  while (!/serving at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopServer(child);
      throw new Error(`The server did not start:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

/** Stops a server started by startServer (SIGTERM) and settles when it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}
