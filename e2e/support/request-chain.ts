import type { BrowserContext, Page } from 'playwright-core';

/** One request of a page, from its own clock (navigation start = 0). */
export interface Timing {
  url: string;
  start: number;
  end: number;
  bytes: number;
  kind: string;
}

/** The longest sequence of requests each started only after the previous one had arrived. */
export function longestChain(timings: Timing[]): Timing[] {
  const sorted = [...timings].sort((a, b) => a.start - b.start);
  const best: Timing[][] = [];
  sorted.forEach((timing, index) => {
    let longest: Timing[] = [];
    for (let before = 0; before < index; before += 1) {
      if (sorted[before].end <= timing.start && best[before].length > longest.length) longest = best[before];
    }
    best.push([...longest, timing]);
  });
  return best.reduce<Timing[]>((longest, chain) => (chain.length > longest.length ? chain : longest), []);
}

export const isScript = (url: string) => /\.js(\?|$)/.test(new URL(url).pathname);
export const fileName = (url: string) => new URL(url).pathname.split('/').pop() ?? url;

/** Every resource the page has requested so far, as its performance timeline records them. */
export function resourceTimings(page: Page): Promise<Timing[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => {
      const resource = entry as PerformanceResourceTiming;
      return {
        url: resource.name,
        start: resource.startTime,
        end: resource.responseEnd,
        bytes: resource.encodedBodySize,
        kind: resource.initiatorType,
      };
    }),
  );
}

/**
 * Marks the moment the first element matching `selector` enters the page (window.__firstRow, from the page's
 * clock). Call before the page (or every page of the context) navigates.
 */
export async function markFirstMatch(target: Page | BrowserContext, selector: string): Promise<void> {
  await target.addInitScript((wanted: string) => {
    const marks = window as unknown as { __firstRow?: number };
    const observer = new MutationObserver(() => {
      if (marks.__firstRow === undefined && document.querySelector(wanted)) {
        marks.__firstRow = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, selector);
}

export const firstMatchTime = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
