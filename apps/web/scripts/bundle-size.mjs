// Gzipped JavaScript the sign-in page loads: the entry chunk, the lazily loaded sign-in page
// chunk, and every chunk they import statically. Run after `vite build`: `npm run size`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

const staticImports = (file) => {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
};

const closure = (roots) => {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
};

const login = readdirSync(assets).find((file) => /^login-page-.*\.js$/.test(file));
if (!login) throw new Error('no login-page chunk');
const files = [...closure([entry, login])].sort();
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  total gzipped JS of the sign-in page (budget ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) process.exitCode = 1;
