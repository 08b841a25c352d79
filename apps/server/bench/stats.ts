/** What one measured run gives back (either side: HTTP through the load generator, or SQL run directly). */
export interface Sample {
  /** Milliseconds per completed request. */
  latencies: number[];
  /** Requests that did not answer 2xx, errors and timeouts. */
  failed: number;
  seconds: number;
  /** A `memory` case's direct side: its process's memory (MiB, after a collection) before and after the runs. */
  memory?: ProcessMemory;
}

export interface ProcessMemory {
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
}

/** A process's memory before and after, as the report shows it. */
export const memoryShown = (m: ProcessMemory) =>
  `RSS ${m.rssBefore.toFixed(0)} MB before, ${m.rssAfter.toFixed(0)} MB after, heap ${m.heapBefore.toFixed(0)} MB before, ${m.heapAfter.toFixed(0)} MB after`;

/** Runs of one side merged: throughput and latency percentiles. */
export interface RunStats {
  count: number;
  failed: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(samples: Sample[]): RunStats {
  const sorted = Float64Array.from(samples.flatMap((sample) => sample.latencies)).sort();
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0);
  return {
    count: sorted.length,
    failed: samples.reduce((sum, sample) => sum + sample.failed, 0),
    seconds,
    rps: seconds > 0 ? sorted.length / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/** What a child process is asked to do: run requests for `duration` seconds or `amount` times, at `connections` at once. */
export interface RunPlan {
  connections: number;
  duration?: number;
  amount?: number;
}
