import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { FAILURES } from './browser.ts';
import { startMailServer } from './mail.ts';
import { freePort, startServer, stopServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

export const ADMIN_PASSWORD = 'e2e-admin-pass';

export const MAIL_FROM = 'Kantora E2E <no-reply@kantora.e2e>';

/**
 * Starts the run's SMTP server (support/mail.ts) and the real server (embedded database, demo data) on a free port,
 * serving the built web app and delivering its mail to that SMTP server; links in messages point at the served app.
 */
export default async function setup(project: TestProject) {
  // The failures of this run only.
  rmSync(FAILURES, { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kantora-e2e-'));
  const mail = await startMailServer();
  const port = await freePort();
  const { child, baseUrl } = await startServer(
    dataDir,
    {
      ADMIN_PASSWORD,
      APP_ENV: 'development',
      SMTP_URL: mail.url,
      MAIL_FROM,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    undefined,
    port,
  );
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await stopServer(child);
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
