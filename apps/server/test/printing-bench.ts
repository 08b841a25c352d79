/**
 * PDF generation figures: p50/p95 of rendering a 10-row and a 100-row invoice (wall and CPU time, one at a
 * time), and the process's memory over 1 000 prints. Not a test (timings are never asserted):
 *   cd apps/server && node --expose-gc --import tsx test/printing-bench.ts [runs]
 */
import { pathToFileURL } from 'node:url';
import type { PrintableDocument, PrintLayoutName } from '@kantora/domain';
import { renderPdf } from '../src/modules/printing/render.ts';
import { longInvoice } from './printing-fixtures.ts';

export interface PrintTiming {
  label: string;
  runs: number;
  bytes: number;
  wall: { p50: number; p95: number };
  cpu: { p50: number; p95: number };
}

export interface PrintMemory {
  prints: number;
  /** MiB, after a collection when the process runs with --expose-gc. */
  rssBefore: number;
  rssAfter: number;
  heapBefore: number;
  heapAfter: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** Renders `doc` `runs` times one at a time (after a warm-up) and gives the wall and CPU percentiles in ms. */
export async function timePrints(
  label: string,
  doc: PrintableDocument,
  runs: number,
  layout: PrintLayoutName = 'invoice',
): Promise<PrintTiming> {
  let bytes = 0;
  for (let index = 0; index < Math.min(20, runs); index++) bytes = (await renderPdf(doc, layout, 'bg')).length;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < runs; index++) {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await renderPdf(doc, layout, 'bg');
    wall.push(performance.now() - t0);
    const used = process.cpuUsage(cpu0);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    label,
    runs,
    bytes,
    wall: { p50: percentile(wall, 50), p95: percentile(wall, 95) },
    cpu: { p50: percentile(cpu, 50), p95: percentile(cpu, 95) },
  };
}

/** The process's memory before and after `prints` renders (a collection first when --expose-gc is on). */
export async function printMemory(doc: PrintableDocument, prints: number): Promise<PrintMemory> {
  collect();
  const before = process.memoryUsage();
  for (let index = 0; index < prints; index++)
    await renderPdf(doc, index % 2 === 0 ? 'invoice' : 'invoice-bgn', index % 3 === 0 ? 'it' : 'bg');
  collect();
  const after = process.memoryUsage();
  return {
    prints,
    rssBefore: mib(before.rss),
    rssAfter: mib(after.rss),
    heapBefore: mib(before.heapUsed),
    heapAfter: mib(after.heapUsed),
  };
}

async function main() {
  const runs = Number(process.argv[2] ?? 200);
  const fmt = (value: number) => value.toFixed(1).padStart(7);
  console.log(
    `PDF generation, ${runs} runs each, one at a time (ms)      wall p50  wall p95   cpu p50   cpu p95     bytes`,
  );
  for (const rows of [10, 100]) {
    const timing = await timePrints(
      `invoice, ${rows} rows`,
      longInvoice(rows),
      rows === 100 ? Math.ceil(runs / 2) : runs,
    );
    console.log(
      `${timing.label.padEnd(56)} ${fmt(timing.wall.p50)}   ${fmt(timing.wall.p95)}   ${fmt(timing.cpu.p50)}   ${fmt(timing.cpu.p95)}   ${timing.bytes}`,
    );
  }
  const memory = await printMemory(longInvoice(10), 1000);
  console.log(
    `memory over ${memory.prints} prints (MiB): rss ${memory.rssBefore} -> ${memory.rssAfter}, heap used ${memory.heapBefore} -> ${memory.heapAfter}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
