import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const apiTarget = 'http://127.0.0.1:8080';

const ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const LOGIN_PAGE = fileURLToPath(new URL('./src/features/auth/login-page.tsx', import.meta.url));
const DOMAIN_INDEX = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const DOMAIN_PACKAGE = '@kantora/domain';

const nodeModule = /node_modules[\\/]/;
/** The app's own pieces that areas share (components, lib) and the domain package. */
const sharedModule = /(apps[\\/]web[\\/]src[\\/](components|lib|api)|packages[\\/]domain[\\/]src)[\\/]/;
const pickersLibrary = /node_modules[\\/](@mui[\\/]x-date-pickers|date-fns)[\\/]/;
/** The calendar library (FullCalendar and the Preact it renders with) stays in the calendar's own chunk. */
const calendarLibrary = /node_modules[\\/](@fullcalendar|preact)[\\/]/;
/** The charts library (MUI X Charts and the d3 pieces it draws with) stays in the receivables summary's chunk. */
const chartsLibrary =
  /node_modules[\\/](@mui[\\/](x-charts|x-charts-vendor|x-internal-gestures)|d3-[a-z-]+|internmap|flatqueue|bezier-easing)[\\/]/;
/** The QR code library of the two-factor setup stays with the setup (the account's page, the sign-in's second step). */
const qrLibrary = /node_modules[\\/](qrcode|dijkstrajs)[\\/]/;
/**
 * Libraries the sign-in page must not import statically (zod and the forms library; MUI's TextField, which brings its
 * select, menu, popover and modal): the build fails naming the chain of imports. Its second step and the other public
 * pages load them lazily.
 */
const notForSignIn = (id: string) =>
  /node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/.test(id) ||
  /node_modules[\\/]@mui[\\/]material[\\/](TextField|Select|Menu|Popover|Modal)[\\/]\1\.m?js$/.test(id);

/**
 * Read from the module graph once it is complete (buildEnd runs before the chunks are made):
 * - `signIn`: what src/main.tsx and the sign-in page import, directly or not. The groups below leave these modules
 *   out, so the signed-in app's chunks never add a byte to the sign-in page (its 200 KB budget). An import of the
 *   domain package's index counts only the modules that declare the names imported (the index re-exports every
 *   module of the package, and the package has no side effects): the package's other modules, and zod with them,
 *   stay the signed-in app's, so the areas share them in `shared` and `vendor`.
 * - `pickerUsers`: the shared modules that import the date pickers, directly or not: they go with the pickers, so a
 *   page without a date field does not load them.
 */
const graph = { signIn: new Set<string>(), pickerUsers: new Set<string>() };
function moduleGraph(): Plugin {
  return {
    name: 'kantora:module-graph',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];

      // The module of the domain package that declares each name of its index.
      const domainModules = imports(DOMAIN_INDEX);
      const declaredIn = new Map<string, string>();
      for (const id of domainModules)
        for (const name of this.getModuleInfo(id)?.exports ?? []) declaredIn.set(name, id);
      /** The domain modules that declare what `id` imports from the package's index (all of them when unsure). */
      const domainImports = (id: string): readonly string[] => {
        const code = this.getModuleInfo(id)?.code;
        if (!code) return domainModules;
        const found = new Set<string>();
        for (const node of this.parse(code).body) {
          if (
            (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration') ||
            node.source?.value !== DOMAIN_PACKAGE
          ) {
            if (node.type === 'ExportAllDeclaration' && node.source.value === DOMAIN_PACKAGE) return domainModules;
            continue;
          }
          const names =
            node.type === 'ImportDeclaration'
              ? node.specifiers.map((spec) => (spec.type === 'ImportSpecifier' ? spec.imported : null))
              : node.specifiers.map((spec) => spec.local);
          for (const name of names) {
            // A default or namespace import (or a name the index does not declare) counts every module.
            const module = name && declaredIn.get(name.type === 'Identifier' ? name.name : String(name.value));
            if (!module) return domainModules;
            found.add(module);
          }
        }
        return [...found];
      };

      graph.signIn.clear();
      const importedBy = new Map<string, string>();
      const queue = [ENTRY, LOGIN_PAGE];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (graph.signIn.has(id) || !this.getModuleInfo(id)) continue;
        graph.signIn.add(id);
        const next = imports(id).flatMap((imported) => (imported === DOMAIN_INDEX ? domainImports(id) : [imported]));
        for (const imported of next) if (!importedBy.has(imported)) importedBy.set(imported, id);
        queue.push(...next);
      }
      if (!graph.signIn.has(ENTRY) || !graph.signIn.has(LOGIN_PAGE))
        throw new Error('the sign-in page is not in the module graph');
      for (const id of graph.signIn) {
        if (!notForSignIn(id)) continue;
        const chain = [id];
        while (importedBy.has(chain[0]) && chain.length < 20) chain.unshift(importedBy.get(chain[0])!);
        throw new Error(`the sign-in page would load ${id} (its 200 KB budget): ${chain.join(' → ')}`);
      }

      graph.pickerUsers.clear();
      const usesPickers = new Map<string, boolean>();
      const visit = (id: string): boolean => {
        const known = usesPickers.get(id);
        if (known !== undefined) return known;
        usesPickers.set(id, false); // an import cycle counts as no use until shown otherwise
        const uses = pickersLibrary.test(id) || (!nodeModule.test(id) && imports(id).some(visit));
        usesPickers.set(id, uses);
        if (uses && sharedModule.test(id)) graph.pickerUsers.add(id);
        return uses;
      };
      for (const id of this.getModuleIds()) visit(id);
    },
  };
}

const signedInOnly = (id: string) => !graph.signIn.has(id);

export default defineConfig({
  plugins: [react(), moduleGraph()],
  define: {
    // The version shown at the bottom of the side drawer.
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server's CSP forbids inline scripts: never inline the module preload polyfill.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // packages/domain only declares constants, schemas and functions: unused modules of it
        // (the schemas of other areas) can be dropped from a chunk such as the sign-in page.
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Fewer, larger shared chunks for the signed-in app (docs/decisions.md, "Cold page load"): by default every
        // set of areas sharing a module got a chunk of its own (about 190 files, 80 of them for /invoices).
        codeSplitting: {
          groups: [
            // What every page loads with the entry (the entry's static imports): into the entry chunk.
            { name: 'boot', tags: ['$initial'], test: (id) => id !== ENTRY, priority: 50 },
            // What the sign-in page adds (its frame, MUI's input parts, …): one chunk, which the areas share.
            {
              name: 'sign-in',
              test: (id) => graph.signIn.has(id) && id !== LOGIN_PAGE,
              priority: 40,
              includeDependenciesRecursively: false,
            },
            // The date pickers, date-fns and the fields built on them: only the pages with a date field load them.
            {
              name: 'pickers',
              test: (id) => signedInOnly(id) && (pickersLibrary.test(id) || graph.pickerUsers.has(id)),
              priority: 30,
              includeDependenciesRecursively: false,
            },
            // The libraries of the shell and the areas (MUI's other components, TanStack Query, react-hook-form, …); not
            // the calendar's, the charts' and the QR code's libraries, which only their pages load.
            {
              name: 'vendor',
              test: (id) =>
                signedInOnly(id) &&
                nodeModule.test(id) &&
                !calendarLibrary.test(id) &&
                !chartsLibrary.test(id) &&
                !qrLibrary.test(id),
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The app's shared components, helpers and typed calls and the domain package, used by two areas or more.
            {
              name: 'shared',
              test: (id) => signedInOnly(id) && sharedModule.test(id),
              minShareCount: 2,
              priority: 10,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
    },
  },
});
