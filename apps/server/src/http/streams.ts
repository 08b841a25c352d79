import type { Writable } from 'node:stream';

/**
 * Resolves when a stream the server writes a download into may take more (its buffer drained), or is gone (closed by
 * the client: the writer then stops). Streamed exports await it between rows or entries, so their memory stays flat.
 */
export function writable(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The batches of `source` with the next one always being read: while a batch is turned into XML and deflated (this
 * process's work), the database already reads the next (its own process), so an export takes about the longer of the
 * two instead of their sum. Holds at most two batches. Stopping early waits for the read in flight, then closes
 * `source`; a failed read surfaces when its batch is asked for.
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const ask = () => {
    const next = iterator.next();
    next.catch(() => undefined); // a failure is rethrown where the batch is awaited, never left unhandled
    return next;
  };
  let pending = ask();
  let finished = false;
  try {
    for (;;) {
      const result = await pending;
      if (result.done) {
        finished = true;
        return;
      }
      pending = ask();
      yield result.value;
    }
  } catch (error) {
    finished = true;
    throw error;
  } finally {
    if (!finished) await iterator.return?.();
  }
}
