/**
 * The direct-SQL side: a process of its own with a pool of the server's size, asked over IPC to run a case's
 * `direct` (its SQL, no HTTP) for a while at some concurrency, each of `connections` loops starting its next
 * run when the last one has answered, like the load generator's connections.
 */
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { openPostgres } from '../src/db/client.ts';
import { type Body, benchCases } from './cases.ts';
import type { Fixtures } from './fixtures.ts';
import type { ProcessMemory, RunPlan, Sample } from './stats.ts';
import { serveRequests } from './worker.ts';

export interface DirectRequest extends RunPlan {
  caseName: string;
  body: Body;
  /** One body per run, in turn (a change a body serves once); instead of `body`. */
  bodies?: Body[];
  fixtures: Fixtures;
}

const url = process.env.BENCH_DIRECT_DATABASE_URL;
if (!url) throw new Error('BENCH_DIRECT_DATABASE_URL is not set');
const database = await openPostgres(url, Number(process.env.BENCH_POOL_SIZE ?? 20));
const lockDays = Number(process.env.DOCUMENT_FLOW_LOCK_DAYS ?? 5);

// A collection before each memory reading, so that before and after compare what stays, not what waits for the GC.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;
const mib = (bytes: number) => bytes / 1024 / 1024;
function memoryNow() {
  collect();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss: mib(rss), heap: mib(heapUsed) };
}

async function run(request: DirectRequest): Promise<Sample> {
  const found = benchCases.find((c) => c.name === request.caseName);
  if (!found) throw new Error(`no case ${request.caseName}`);
  const context = { db: database.db, actor: request.fixtures.users[found.role], lockDays };
  const latencies: number[] = [];
  let failed = 0;
  let started = 0;
  const deadline = performance.now() + (request.duration ?? 0) * 1000;
  const more = () => (request.amount ? started < request.amount : performance.now() < deadline);
  const loop = async () => {
    while (more()) {
      const body = request.bodies ? request.bodies[started] : request.body;
      started += 1;
      const t0 = performance.now();
      try {
        await found.direct(context, body);
        latencies.push(performance.now() - t0);
      } catch (error) {
        failed += 1;
        if (failed === 1) console.error(`direct ${found.name}:`, error);
      }
    }
  };
  const before = found.memory ? memoryNow() : undefined;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: request.connections }, loop));
  const seconds = (performance.now() - t0) / 1000;
  const after = before ? memoryNow() : undefined;
  const memory: ProcessMemory | undefined =
    before && after
      ? { rssBefore: before.rss, rssAfter: after.rss, heapBefore: before.heap, heapAfter: after.heap }
      : undefined;
  return { latencies, failed, seconds, memory };
}

serveRequests(run, () => database.close());
