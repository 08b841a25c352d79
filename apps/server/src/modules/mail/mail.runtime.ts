/**
 * What `queueMail` needs to know about the process's sender without being handed it: whether SMTP is configured
 * (queued or held), the From address (our Message-ID's domain) and how to wake the sender. The sender started last
 * registers itself (one per process; tests build one app per file).
 */
export interface MailRuntime {
  configured: boolean;
  from: string;
  kick(): void;
}

const NONE: MailRuntime = { configured: false, from: 'Kantora <no-reply@kantora.local>', kick: () => {} };
let current: MailRuntime = NONE;

export function mailRuntime(): MailRuntime {
  return current;
}

/** Makes `runtime` the process's; the returned function puts the previous one back. */
export function registerMailRuntime(runtime: MailRuntime): () => void {
  const previous = current;
  current = runtime;
  return () => {
    if (current === runtime) current = previous;
  };
}
