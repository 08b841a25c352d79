/**
 * The bench's other processes: the server, the load generator, the direct-SQL client and the seed, each its
 * own process, all ended when the run ends (normally, on an error or on Ctrl-C).
 */
import { type ChildProcess, fork, type SpawnOptions, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const running = new Set<ChildProcess>();
const finalizers: Array<() => void> = [];

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** A plain child process (the server, the seed), ended with the run. */
export function spawnTracked(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return track(spawn(command, args, options));
}

/** Waits for a child to end; answers its exit code (signals count as 1). */
export function exited(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? 1);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/** Something to undo when the run ends, however it ends (synchronous: it also runs from process 'exit'). */
export function atExit(finalizer: () => void) {
  finalizers.unshift(finalizer);
}

/** Ends every child still running (SIGTERM, then SIGKILL after `graceMs`), then runs the finalizers. */
export async function endAll(graceMs = 5000): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGTERM');
  await Promise.race([
    Promise.all(children.map(exited)),
    new Promise((resolve) => setTimeout(resolve, graceMs).unref()),
  ]);
  runFinalizers();
}

function runFinalizers() {
  for (const child of running) child.kill('SIGKILL');
  while (finalizers.length > 0) {
    try {
      finalizers.shift()!();
    } catch (error) {
      console.error(error);
    }
  }
}

let ending = false;
/** True once Ctrl-C (or SIGTERM, SIGHUP) has asked the run to end. */
export const isEnding = () => ending;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (ending) return;
    ending = true;
    console.error(`\n${signal}: stopping the server and the database`);
    void endAll(3000).finally(() => process.exit(130));
  });
}
process.on('exit', runFinalizers);

interface Reply<R> {
  id: number;
  result?: R;
  error?: string;
}

/** A long-lived TypeScript child process that answers requests sent over IPC (see serveRequests). */
export interface Worker<Q, R> {
  call(request: Q): Promise<R>;
  close(): Promise<void>;
}

export function startWorker<Q, R>(script: string, env: NodeJS.ProcessEnv = process.env): Worker<Q, R> {
  const child = track(
    fork(script, [], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
  );
  const pending = new Map<number, { resolve: (value: R) => void; reject: (error: Error) => void }>();
  let next = 0;
  child.on('message', (message: Reply<R>) => {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) waiting?.reject(new Error(message.error));
    else waiting?.resolve(message.result as R);
  });
  child.once('exit', (code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`${script} ended (${code ?? 'signal'})`));
    pending.clear();
  });
  return {
    call(request) {
      next += 1;
      const id = next;
      return new Promise<R>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, request });
      });
    },
    async close() {
      child.disconnect();
      await exited(child);
    },
  };
}

/**
 * Waits until a server answers /healthz (5 minutes at most); fails when it ends first, with the end of its log when
 * `logFile` names one.
 */
export async function waitForServer(base: string, server: ChildProcess, logFile?: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      const log = logFile ? `:\n${readFileSync(logFile, 'utf8').slice(-2000)}` : '';
      throw new Error(`the server ended (${server.exitCode})${log}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the server did not answer /healthz within 5 minutes');
}

/** A process's resident size and its peak (VmRSS, VmHWM) in MB (Linux's /proc; NaN where it cannot be read). */
export function processMemory(pid: number | undefined): { rss: number; hwm: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
    return { rss: mb('VmRSS'), hwm: mb('VmHWM') };
  } catch {
    return { rss: Number.NaN, hwm: Number.NaN };
  }
}
