import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/client.ts';
import { logs } from '../src/db/schema/index.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'kantora-proc-'));
  dirs.push(dir);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(started: Started, pattern: RegExp, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`exited early: ${started.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}: ${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function api(port: number, path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

// Each case starts real server processes; a busy shared machine needs more than the default time.
describe('the server process', { timeout: 120_000 }, () => {
  it('stops with one line naming a wrong setting', async () => {
    const started = start({ DATA_DIR: tempDir(), PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(/^Invalid setting PORT="eighty": /);
    expect(started.output().trim().split('\n')).toHaveLength(1);
  });

  it('refuses a second process on the same data directory, stops gracefully, and keeps data across restarts without duplicating the seed', async () => {
    const dir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dir, PORT: String(port), ADMIN_PASSWORD: 'admin-pass-1' };
    const first = start(env);
    await waitFor(first, /serving at/);
    expect(first.output()).toContain('Administrator created: admin@kantora.local');
    expect(first.output()).toContain('Reference data created');
    expect(first.output()).not.toContain('shown once');

    const second = start({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Kantora process/);

    const signIn = await api(port, '/api/auth/signIn', {
      method: 'POST',
      body: { username: 'admin@kantora.local', password: 'admin-pass-1' },
    });
    expect(signIn.status).toBe(200);
    await api(port, '/api/settings/users/locale/it', { token: signIn.body.Result.token });

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dir, 'kantora.lock'))).toBe(false);

    const again = start(env);
    await waitFor(again, /serving at/);
    expect(again.output()).not.toContain('Administrator created');
    expect(again.output()).not.toContain('Demo data created');
    expect(again.output()).not.toContain('Reference data created');
    const token = (
      await api(port, '/api/auth/signIn', {
        method: 'POST',
        body: { username: 'admin@kantora.local', password: 'admin-pass-1' },
      })
    ).body.Result.token;
    const me = await api(port, '/api/auth/getCurrentUserInfo', { token });
    expect(me.body.Result.locale).toBe('it');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('loses no acknowledged write when killed with SIGKILL mid-writes', async () => {
    const dir = tempDir();
    const port = await freePort();
    const env = { DATA_DIR: dir, PORT: String(port), ADMIN_PASSWORD: 'admin-pass-1', SEED_DEMO: 'false' };
    const server = start(env);
    await waitFor(server, /serving at/);
    const token = (
      await api(port, '/api/auth/signIn', {
        method: 'POST',
        body: { username: 'admin@kantora.local', password: 'admin-pass-1' },
      })
    ).body.Result.token;
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i += 1) {
        const path = `/lane${lane}/write${i}`;
        try {
          const result = await api(port, `/api/error/notFound?path=${encodeURIComponent(path)}`, { token });
          if (result.status === 200) acknowledged.push(path);
        } catch {
          return; // the server is gone
        }
      }
    };
    const lanes = [writer(1), writer(2), writer(3)];
    while (acknowledged.length < 60) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(lanes);

    // The lock of the killed process is stale: a restart takes it over and serves the same data.
    const restarted = start(env);
    await waitFor(restarted, /serving at/);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);

    const database = await openPglite({ dataDir: dir });
    const rows = await database.db
      .select({ path: sql<string>`${logs.documents}->'new'->>'path'` })
      .from(logs)
      .where(sql`${logs.name} = 'Page'`);
    await database.close();
    const stored = new Set(rows.map((r) => r.path));
    expect(acknowledged.filter((path) => !stored.has(path))).toEqual([]);
    expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
  });
});
