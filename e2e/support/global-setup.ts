import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { FAILURES } from './browser.ts';
import { startServer, stopServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminPassword: string;
  }
}

export const ADMIN_PASSWORD = 'e2e-admin-pass';

/** Starts the real server (embedded database, demo data) on a free port, serving the built web app. */
export default async function setup(project: TestProject) {
  // The failures of this run only.
  rmSync(FAILURES, { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'kantora-e2e-'));
  const { child, baseUrl } = await startServer(dataDir, { ADMIN_PASSWORD, APP_ENV: 'development' });
  project.provide('baseUrl', baseUrl);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return async () => {
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
