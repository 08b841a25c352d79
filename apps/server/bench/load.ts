/**
 * The load generator: a process of its own that the runner asks, over IPC, to drive the server with
 * autocannon (keep-alive HTTP/1.1 connections, each sending its next request when the last one has
 * answered). Latencies are taken per response (autocannon's own summary has no p95).
 *
 * Several server processes (`--processes N`): the connections are dealt round-robin over their URLs (autocannon's
 * connection i drives URL i mod N); fewer connections than processes (one request at a time) take the processes in
 * turn, each an equal share of the runs or of the seconds.
 */
import autocannon from 'autocannon';
import type { RunPlan, Sample } from './stats.ts';
import { serveRequests } from './worker.ts';

export interface LoadRequest extends RunPlan {
  /** The call's URL on each server process the load is spread over (one: a single process). */
  urls: string[];
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** One body per request, in turn (a change a body serves once); instead of `body`. */
  bodies?: string[];
}

async function driveOne(request: LoadRequest, url: string | string[]): Promise<Sample> {
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  const instance = autocannon({
    url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    ...(request.bodies
      ? { requests: [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, body: request.bodies![sent++] }) }] }
      : {}),
    connections: request.connections,
    ...(request.amount ? { amount: request.amount } : { duration: request.duration ?? 1 }),
    // The server's own request timeout (app.ts, 5 minutes): a month's zip at the large preset takes minutes.
    timeout: 300,
    // It looks at the clock (and the amount) once per sample: often, so a run ends when it should.
    sampleInt: 50,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) failed += 1;
  });
  const result = await instance;
  return { latencies, failed: failed + result.errors, seconds: (performance.now() - started) / 1000 };
}

/**
 * A run for a while ends with the requests still in flight unanswered (autocannon drops them): a turn shorter than a
 * request (quick, on a busy machine) would measure nothing. Such a run is topped up to one answer per connection, as
 * the direct side's loops each finish the run they started.
 */
async function driveAtLeast(request: LoadRequest, url: string | string[]): Promise<Sample> {
  const sample = await driveOne(request, url);
  const missing = request.amount ? 0 : request.connections - sample.latencies.length;
  if (missing <= 0) return sample;
  const more = await driveOne({ ...request, connections: missing, amount: missing }, url);
  return {
    latencies: [...sample.latencies, ...more.latencies],
    failed: sample.failed + more.failed,
    seconds: sample.seconds + more.seconds,
  };
}

async function drive(request: LoadRequest): Promise<Sample> {
  const { urls } = request;
  if (urls.length === 1) return driveAtLeast(request, urls[0]);
  if (request.connections >= urls.length) return driveAtLeast(request, urls);
  // Fewer connections than processes: each process in turn, with its share of the runs (and their bodies) or seconds.
  const samples: Sample[] = [];
  let from = 0;
  for (const [index, url] of urls.entries()) {
    if (request.amount) {
      const amount = Math.floor(request.amount / urls.length) + (index < request.amount % urls.length ? 1 : 0);
      if (amount === 0) continue;
      const bodies = request.bodies?.slice(from, from + amount);
      from += amount;
      samples.push(await driveOne({ ...request, amount, ...(bodies ? { bodies } : {}) }, url));
    } else {
      samples.push(await driveAtLeast({ ...request, duration: (request.duration ?? 1) / urls.length }, url));
    }
  }
  return {
    latencies: samples.flatMap((sample) => sample.latencies),
    failed: samples.reduce((sum, sample) => sum + sample.failed, 0),
    seconds: samples.reduce((sum, sample) => sum + sample.seconds, 0),
  };
}

serveRequests(drive);
