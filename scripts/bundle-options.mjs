// esbuild options shared by the app's build (scripts/build.mjs) and the benchmarks that bundle
// src/ in-process (bench/*.mjs), so a benchmark measures the code exactly as it ships: React's
// production build, Ink measuring text with pipetop's displayWidth, no devtools.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devtoolsStub = `${root}scripts/react-devtools-stub.mjs`;

/**
 * Ink builds each frame by tokenising every line of text into styled cells, with caches that live
 * for one frame only; moving the selection changes two lines of forty, yet every frame paid for all
 * of them (about half of a key's cost in bench/latency.mjs). Keeping the caches across frames —
 * they map a line's text to its cells, a pure function, and the cells are never mutated — makes an
 * unchanged line free. Bounded: cleared when they grow past CACHE_LIMIT entries.
 */
const inkOutputCaches = {
  name: 'ink-output-caches',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      let source = await readFile(args.path, 'utf8');
      for (const [from, to] of [
        ['    caches = new OutputCaches();', '    caches = sharedOutputCaches;'],
        ['    get() {\n', '    get() {\n        trimOutputCaches();\n'],
      ]) {
        if (source.split(from).length !== 2) throw new Error(`ink-output-caches: ${args.path} has changed (looked for ${JSON.stringify(from)}); revisit scripts/bundle-options.mjs`);
        source = source.replace(from, to);
      }
      source += `
const CACHE_LIMIT = 20000;
const sharedOutputCaches = new OutputCaches();
function trimOutputCaches() {
    for (const map of [sharedOutputCaches.widths, sharedOutputCaches.blockWidths, sharedOutputCaches.styledChars]) {
        if (map.size > CACHE_LIMIT) map.clear();
    }
}
`;
      return { contents: source, loader: 'js' };
    });
  },
};

export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Ink imports its devtools (react-devtools-core and the ws WebSocket library) only when DEV is
  // set; stubs keep both out of the bundle. string-width: Ink measures text with pipetop's own
  // displayWidth (see src/text/ink-string-width.ts for why).
  alias: { 'react-devtools-core': devtoolsStub, 'string-width': `${root}src/text/ink-string-width.ts` },
  plugins: [
    inkOutputCaches,
    {
      name: 'ink-devtools-stub',
      setup(b) {
        b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]build[\\/]/.test(args.importer) ? { path: devtoolsStub } : undefined));
      },
    },
  ],
  // Some bundled CommonJS dependencies call require(); ESM output has none unless we create it.
  banner: {
    js: "import { createRequire as __pipetopCreateRequire } from 'node:module';\nconst require = __pipetopCreateRequire(import.meta.url);",
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
};
