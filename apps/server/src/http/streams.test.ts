import { describe, expect, it } from 'vitest';
import { readAhead } from './streams.ts';

/** A source of `count` batches that records when each read starts and ends, and whether it was closed. */
function recordedSource(count: number, events: string[], failAt?: number) {
  return (async function* () {
    try {
      for (let index = 1; index <= count; index++) {
        events.push(`read ${index}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (index === failAt) throw new Error(`read ${index} failed`);
        events.push(`read ${index} done`);
        yield index;
      }
    } finally {
      events.push('source closed');
    }
  })();
}

describe('readAhead (the exports read the next batch while one is written)', () => {
  it('starts reading the next batch before the current one is used, and keeps the order', async () => {
    const events: string[] = [];
    const seen: number[] = [];
    for await (const batch of readAhead(recordedSource(3, events))) {
      events.push(`use ${batch}`);
      seen.push(batch);
    }
    expect(seen).toEqual([1, 2, 3]);
    // Without the read ahead, "read 2" would come after "use 1".
    expect(events.indexOf('read 2')).toBeLessThan(events.indexOf('use 1'));
    expect(events.indexOf('read 3')).toBeLessThan(events.indexOf('use 2'));
    expect(events.at(-1)).toBe('use 3');
  });

  it('stopping early waits for the read in flight, then closes the source', async () => {
    const events: string[] = [];
    for await (const batch of readAhead(recordedSource(5, events))) {
      if (batch === 2) break;
    }
    expect(events).toEqual([
      'read 1',
      'read 1 done',
      'read 2',
      'read 2 done',
      'read 3',
      'read 3 done',
      'source closed',
    ]);
  });

  it('a failed read surfaces when its batch is asked for, after the batches before it', async () => {
    const events: string[] = [];
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of readAhead(recordedSource(4, events, 3))) seen.push(batch);
      })(),
    ).rejects.toThrow('read 3 failed');
    expect(seen).toEqual([1, 2]);
    expect(events).toContain('source closed');
  });
});
