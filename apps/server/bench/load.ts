/**
 * The load generator: a process of its own that the runner asks, over IPC, to drive the server with
 * autocannon (keep-alive HTTP/1.1 connections, each sending its next request when the last one has
 * answered). Latencies are taken per response (autocannon's own summary has no p95).
 */
import autocannon from 'autocannon';
import { serveRequests } from './worker.ts';
import type { RunPlan, Sample } from './stats.ts';

export interface LoadRequest extends RunPlan {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** One body per request, in turn (a change a body serves once); instead of `body`. */
  bodies?: string[];
}

async function drive(request: LoadRequest): Promise<Sample> {
  const latencies: number[] = [];
  let failed = 0;
  let sent = 0;
  const started = performance.now();
  const instance = autocannon({
    url: request.url,
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

serveRequests(drive);
