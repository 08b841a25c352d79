/** The child side of children.ts's startWorker (no side effects until serveRequests is called). */

/** In a worker: answers each request with `handle`, one at a time; ends when the parent goes. */
export function serveRequests<Q, R>(handle: (request: Q) => Promise<R>, onClose: () => Promise<void> = async () => {}) {
  let queue = Promise.resolve();
  process.on('message', (message: { id: number; request: Q }) => {
    queue = queue.then(async () => {
      try {
        process.send!({ id: message.id, result: await handle(message.request) });
      } catch (error) {
        process.send!({
          id: message.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
      }
    });
  });
  process.on('disconnect', () => {
    void queue.then(onClose).finally(() => process.exit(0));
  });
  // Ctrl-C reaches the whole process group: the runner decides when this process ends.
  process.on('SIGINT', () => {});
}
