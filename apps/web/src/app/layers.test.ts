import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string, withTests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path, withTests);
    return /\.tsx?$/.test(name) && (withTests || !/\.test\.tsx?$/.test(name)) ? [path] : [];
  });
}

/**
 * The floors of the web, lowest first. A file may import its own floor and the floors its entry names; a feature
 * only its own folder among the features. Tests may also import the test helpers and the app (to render routes).
 */
const FLOORS: { floor: string; mayImport: string[] }[] = [
  { floor: 'lib', mayImport: [] },
  { floor: 'api', mayImport: ['lib'] },
  { floor: 'components/ui', mayImport: ['lib'] },
  { floor: 'components/entities', mayImport: ['lib', 'api', 'components/ui'] },
  { floor: 'features', mayImport: ['lib', 'api', 'components/ui', 'components/entities'] },
  { floor: 'app', mayImport: ['lib', 'api', 'components/ui', 'components/entities', 'features'] },
  { floor: 'test', mayImport: ['lib', 'api', 'components/ui', 'components/entities', 'features', 'app'] },
  { floor: 'locales', mayImport: [] },
];

/** The floor of a file (features are told apart by area: 'features/billing'), or undefined for the entry point. */
function floorOf(file: string): { floor: string; unit: string } | undefined {
  const path = relative(SRC, file).split(sep).join('/');
  const floor = FLOORS.find((entry) => path.startsWith(`${entry.floor}/`))?.floor;
  if (!floor) return undefined;
  const unit = floor === 'features' ? path.split('/').slice(0, 2).join('/') : floor;
  return { floor, unit };
}

/** Relative imports of a file, static, dynamic, type-only and re-exports alike (or only the dynamic ones). */
function importsOf(file: string, kind: 'all' | 'lazy' = 'all'): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern =
    kind === 'lazy'
      ? /import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]/g
      : /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  return [...text.matchAll(pattern)].map((match) => resolve(dirname(file), match[1]));
}

/** Tests and their fixtures may reach the test helpers and the app's routes. */
const TEST_SUPPORT = /(\.test\.tsx?|test-fixtures\.ts|test-page\.tsx)$/;
/** An area's registries (its tabs, its pages) are where areas meet: they may load another area's page lazily. */
const REGISTRY = /-(tabs|area)\.tsx?$/;

describe('the web sources', () => {
  it('have no import cycles (registries import their pages; pages never import a registry back)', () => {
    const files = sources(SRC);
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]) => {
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open')
          cycles.push([...path.slice(path.indexOf(next)), next].map((f) => relative(SRC, f)).join(' -> '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file, [file]);
    expect(cycles).toEqual([]);
  });
});

describe('the floors of the web', () => {
  it('import only downwards (lib <- api, ui <- entities <- features <- app); areas meet only in lazy registries', () => {
    const wrong: string[] = [];
    for (const file of sources(SRC, true)) {
      const from = floorOf(file);
      if (!from) continue;
      const isTest = TEST_SUPPORT.test(file);
      const allowed = FLOORS.find((entry) => entry.floor === from.floor)!.mayImport;
      const lazy = REGISTRY.test(file) ? importsOf(file, 'lazy') : [];
      for (const target of importsOf(file)) {
        const to = floorOf(target);
        if (!to || to.unit === from.unit) continue;
        if (allowed.includes(to.floor)) continue;
        if (isTest && (to.floor === 'test' || to.floor === 'app')) continue;
        if (to.floor === 'features' && from.floor === 'features' && lazy.includes(target)) continue;
        wrong.push(`${relative(SRC, file)} -> ${relative(SRC, target)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('puts every source file on a floor', () => {
    const outside = sources(SRC, true)
      .map((file) => relative(SRC, file))
      .filter((path) => !floorOf(join(SRC, path)) && !['main.tsx', 'vite-env.d.ts'].includes(path));
    expect(outside).toEqual([]);
  });
});

describe('the calls of the web', () => {
  const outsideApi = sources(SRC).filter((file) => !/^(api|lib)\//.test(relative(SRC, file).split(sep).join('/')));

  it('are spelled only in api/: no feature or component writes a server address', () => {
    const spelled = outsideApi.filter((file) =>
      /\bapi\.(get|post|upload|download)(<[^>]*>)?\(\s*['"`]\//.test(readFileSync(file, 'utf8')),
    );
    expect(spelled.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('type every request body: no parameter of an api/ call is typed object or unknown', () => {
    const loose = sources(join(SRC, 'api')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /\(\s*\w+\??\s*:\s*(object|unknown)\s*[,)]/.test(line))
        .map((line) => `${relative(SRC, file)}: ${line.trim()}`),
    );
    expect(loose).toEqual([]);
  });
});
