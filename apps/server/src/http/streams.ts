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
