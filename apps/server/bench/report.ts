/** The bench's table (markdown) and its place in docs/performance.md. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { RunStats } from './stats.ts';

export interface CaseResult {
  name: string;
  area: string;
  /** What the call answered when checked (rows of a list, the size of a file). */
  answer: string;
  /** The load generator at `connections` (or one at a time for a sequential case). */
  http?: RunStats;
  /** The load generator at one connection (list cases; a sequential case's `http` when it runs one at a time). */
  single?: RunStats;
  /** The same SQL run directly, at the same concurrency as `http`. */
  direct?: RunStats;
  /** The same SQL run directly one at a time, for as long as `single` (a sequential case's `direct` at one). */
  singleDirect?: RunStats;
  /** Set for a case measured a number of runs (one request at a time unless `at`). */
  sequential?: number;
  /** A sequential case's requests at once (1 unless the case says). */
  at?: number;
  /** A check of the case failed (numbers not gapless, a message not sent once): marked in its answer. */
  failed?: boolean;
  error?: string;
}

const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value)
    ? '–'
    : value < 10
      ? value.toFixed(2)
      : value < 100
        ? value.toFixed(1)
        : value.toFixed(0);
const rate = (value: number | undefined) =>
  value === undefined ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0);

export function ratioOf(result: CaseResult): number | undefined {
  return result.http && result.direct ? result.http.p95 / result.direct.p95 : undefined;
}

/** The one-request p95 of the HTTP call over its SQL's run directly one at a time. */
export function singleRatioOf(result: CaseResult): number | undefined {
  return result.single && result.singleDirect ? result.single.p95 / result.singleDirect.p95 : undefined;
}

export function tableOf(results: CaseResult[], connections: number): string {
  const lines = [
    `| case | answer | req/s | p50 | p95 | p99 | SQL p50 | SQL p95 | p95 HTTP / SQL | p95 at 1 conn. | SQL p95 at 1 | at 1: HTTP / SQL |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
  ];
  for (const result of results) {
    if (result.error) {
      lines.push(`| ${result.name} | **failed**: ${result.error.replaceAll('|', '\\|')} | | | | | | | | | | |`);
      continue;
    }
    const { http, direct, single, singleDirect } = result;
    const sequentialSingle = result.sequential && (result.at ?? 1) === 1;
    const failed =
      (http?.failed ?? 0) +
      (direct?.failed ?? 0) +
      (sequentialSingle ? 0 : (single?.failed ?? 0) + (singleDirect?.failed ?? 0));
    const mark = result.sequential ? ` (${result.sequential} runs, ${result.at ?? 1} at a time)` : '';
    const ratio = ratioOf(result);
    const ratioSingle = singleRatioOf(result);
    const shownRatio = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(2));
    lines.push(
      `| ${result.name}${mark} | ${result.answer}${failed > 0 ? ` **${failed} failed**` : ''} | ${rate(http?.rps)} | ${ms(http?.p50)} | ${ms(http?.p95)} | ${ms(http?.p99)} | ${ms(direct?.p50)} | ${ms(direct?.p95)} | ${shownRatio(ratio)} | ${ms(single?.p95)} | ${ms(singleDirect?.p95)} | ${shownRatio(ratioSingle)} |`,
    );
  }
  lines.push(
    '',
    `Times in ms. req/s, p50, p95, p99: the HTTP call at ${connections} connections (a row of runs: as many at a time as it says); SQL: the same queries run directly at the same concurrency; p95 at 1 conn.: the HTTP call one request at a time; SQL p95 at 1: its SQL run directly one at a time for as long; at 1: HTTP / SQL: the ratio of the two.`,
  );
  return lines.join('\n');
}

export const REGION_START = '<!-- bench:results:start (written by npm run bench -- --write) -->';
export const REGION_END = '<!-- bench:results:end -->';

/** Replaces the marked region of the document (appends one when it has none). */
export function writeRegion(path: string, content: string) {
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(REGION_START);
  const end = text.indexOf(REGION_END);
  const region = `${REGION_START}\n${content.trim()}\n${REGION_END}`;
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + region + text.slice(end + REGION_END.length)
      : `${text.trimEnd()}\n\n${region}\n`;
  writeFileSync(path, next);
}
