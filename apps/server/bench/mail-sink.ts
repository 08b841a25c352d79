/**
 * The bench's SMTP server: accepts every message and keeps only its arrival time (the bytes are read and dropped),
 * so that sending is measured, not storing.
 */
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

export interface MailSink {
  url: string;
  /** performance.now() of each arrival. */
  arrivals: number[];
  /** The envelope sender (MAIL FROM) of each arrival: which server process sent it, when each has its own. */
  senders: string[];
  /** Resolves when `count` messages have arrived in all. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const arrivals: number[] = [];
  const senders: string[] = [];
  let wake: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 100 * 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        arrivals.push(performance.now());
        senders.push(session.envelope.mailFrom ? session.envelope.mailFrom.address : '');
        wake?.();
        callback(null, `Ok: queued as B${arrivals.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    senders,
    async waitFor(count, timeoutMs = 600_000) {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.length < count) {
        if (Date.now() > deadline) throw new Error(`${arrivals.length} of ${count} messages arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 1000);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
