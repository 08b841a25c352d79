import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's floors, read from the sources: db/ and http/ are below the modules and never import them; a module
 * meets another module only through that module's index.ts (its public face); app.ts, the seeds and the bench, which
 * sit above the modules, also import a module only through its index; no module imports the seeds or app.ts.
 */
const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports and re-exports of a file (static, dynamic and type-only alike), as paths under apps/server. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((match) => path(resolve(dirname(file), match[1])));
}

const path = (file: string) => relative(SERVER, file).split(sep).join('/');

/** The module a path belongs to ('clients' for src/modules/clients/search.ts), if any. */
const moduleOf = (file: string) => /^src\/modules\/([^/]+)\//.exec(file)?.[1];

/** Why `from` may not import `to` (both paths under apps/server), or undefined when it may. */
function wrongImport(from: string, to: string): string | undefined {
  const target = moduleOf(to);
  const source = moduleOf(from);
  if (/^src\/(http|db)\//.test(from) && /^src\/(modules|seed)\/|^src\/app\.ts$/.test(to))
    return 'http/ and db/ are below the modules';
  if (source && /^src\/seed\/|^src\/app\.ts$/.test(to)) return 'a module never imports the seeds or app.ts';
  if (target && source === target && to === `src/modules/${target}/index.ts`)
    return "a module's own files import each other directly, not through its index";
  if (target && source !== target && to !== `src/modules/${target}/index.ts`)
    return `another module's files are reached through src/modules/${target}/index.ts`;
  return undefined;
}

describe('the rule of the server floors', () => {
  it('refuses the imports that cross a module or a floor the wrong way', () => {
    expect(
      wrongImport('src/modules/portal/portal.routes.ts', 'src/modules/documents-flow/documents-flow.queries.ts'),
    ).toMatch(/documents-flow\/index\.ts/);
    expect(wrongImport('src/app.ts', 'src/modules/clients/clients.routes.ts')).toBeDefined();
    expect(wrongImport('src/seed/demo.ts', 'src/modules/logs/audit.ts')).toBeDefined();
    expect(wrongImport('bench/cases.ts', 'src/modules/billing/billing.service.ts')).toBeDefined();
    expect(wrongImport('src/http/guard.ts', 'src/modules/auth/index.ts')).toBeDefined();
    expect(wrongImport('src/db/client.ts', 'src/modules/logs/index.ts')).toBeDefined();
    expect(wrongImport('src/modules/clients/search.ts', 'src/seed/demo.ts')).toBeDefined();
    expect(wrongImport('src/modules/clients/search.ts', 'src/app.ts')).toBeDefined();
    expect(wrongImport('src/modules/clients/search.ts', 'src/modules/clients/index.ts')).toBeDefined();
  });

  it('lets a module use its own files, the lower floors and other modules through their index', () => {
    expect(wrongImport('src/modules/portal/portal.routes.ts', 'src/modules/documents-flow/index.ts')).toBeUndefined();
    expect(wrongImport('src/modules/clients/search.ts', 'src/modules/clients/access.ts')).toBeUndefined();
    expect(wrongImport('src/modules/clients/search.ts', 'src/http/errors.ts')).toBeUndefined();
    expect(wrongImport('src/app.ts', 'src/modules/clients/index.ts')).toBeUndefined();
    expect(wrongImport('src/http/guard.ts', 'src/http/actor.ts')).toBeUndefined();
  });
});

describe('the server sources', () => {
  it('give every module a public face (src/modules/<module>/index.ts)', () => {
    const modules = readdirSync(join(SERVER, 'src/modules'));
    expect(modules.filter((module) => !existsSync(join(SERVER, 'src/modules', module, 'index.ts')))).toEqual([]);
  });

  it('keep the floors and meet other modules only through their index', () => {
    const files = [...sources(join(SERVER, 'src')), ...sources(join(SERVER, 'bench'))];
    const wrong = files.flatMap((file) =>
      importsOf(file).flatMap((to) => {
        const reason = wrongImport(path(file), to);
        return reason ? [`${path(file)} -> ${to}: ${reason}`] : [];
      }),
    );
    expect(wrong).toEqual([]);
  });
});
