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

/**
 * Which request asked for which, as Chromium's network layer reports each request's initiator (the document's parser,
 * or the script whose code, or whose preload helper, asked for it). Unlike start and end times, this does not change
 * when a loaded machine spreads the requests of one wave over time. Start before the page navigates.
 */
export async function recordInitiators(page: Page): Promise<() => Map<string, string | null>> {
  const parents = new Map<string, string | null>();
  const session = await page.context().newCDPSession(page);
  session.on('Network.requestWillBeSent', (event) => {
    if (parents.has(event.request.url)) return;
    const initiator = event.initiator as {
      url?: string;
      stack?: { callFrames: Array<{ url: string }>; parent?: { callFrames: Array<{ url: string }> } };
    };
    const frames = [...(initiator.stack?.callFrames ?? []), ...(initiator.stack?.parent?.callFrames ?? [])];
    const byScript = frames.find((frame) => frame.url && frame.url !== event.request.url)?.url;
    // A module preload link added by a script reports `about:client`, not the script: a chain starts there (the preload
    // helper adds the links of a dynamic import's files at once, in one wave).
    const byUrl = initiator.url?.startsWith('http') ? initiator.url : null;
    parents.set(event.request.url, byScript ?? byUrl);
  });
  await session.send('Network.enable');
  return () => parents;
}

/**
 * The longest chain of scripts each requested by the one before it (its initiator), among `urls`: a script requested
 * by the document or by something outside `urls` starts a chain.
 */
export function initiatorChain(urls: string[], parents: Map<string, string | null>): string[] {
  const wanted = new Set(urls);
  const chainOf = (url: string, seen: Set<string>): string[] => {
    const parent = parents.get(url);
    if (!parent || !wanted.has(parent) || seen.has(parent)) return [url];
    return [...chainOf(parent, new Set([...seen, url])), url];
  };
  return urls.map((url) => chainOf(url, new Set([url]))).reduce((a, b) => (b.length > a.length ? b : a), []);
}
