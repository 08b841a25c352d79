// npm start: builds the web app when its build is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isEmbedded, serverArgs } from './server-command.mjs';

const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = [join(web, 'src'), join(web, 'index.html'), join(root, 'packages/domain/src')].filter(existsSync);
const stale =
  !existsSync(built) ||
  sources.some(
    (path) => (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs) > statSync(built).mtimeMs,
  );
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@kantora/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, serverArgs(root, { embedded: isEmbedded(process.env) }), {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
