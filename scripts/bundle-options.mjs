// esbuild options shared by the app's build (scripts/build.mjs) and the benchmarks that bundle
// src/ in-process (bench/*.mjs), so a benchmark measures the code exactly as it ships: React's
// production build, Ink measuring text with pipetop's displayWidth, no devtools.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devtoolsStub = `${root}scripts/react-devtools-stub.mjs`;

/**
 * Ink builds each frame by tokenising every line of text into styled cells and converting every
 * row back to a string — all rows, every frame, with caches that live for one frame. Moving the
 * selection changes two rows of forty. The changes below, all measured by bench/latency.mjs:
 * - Ink's Output caches (a line's text → its cells, a pure function; cells are never mutated) live
 *   across frames, bounded (CACHE_LIMIT entries; CELL_LIMIT cells for the cells cache);
 * - Output.get is replaced by scripts/ink/output-get.js: unchanged rows are reused, new rows are
 *   joined from cached line strings where Ink's grid would give the same text;
 * - ansi-tokenize (Ink's text-to-cells step) segments simple lines without Intl.Segmenter
 *   (scripts/ink/tokenize-segments.js), builds cells without spreading, and lets cells share their
 *   style list so equal styles need no diff;
 * - Ink's never-forgetting measure-text and wrap-text caches are bounded.
 * test/ink-output.test.ts checks frames come out identical to unpatched Ink's. Each patch matches the
 * exact text of Ink 6.8.0 / ansi-tokenize 0.2.5; a changed file fails the build loudly.
 */

/** Applies exact-text replacements to a dependency's file; a pattern not found once fails the build. */
function patchSource(source, path, patches) {
  for (const [from, to] of patches) {
    if (source.split(from).length !== 2) throw new Error(`ink-output: ${path} has changed (looked for ${JSON.stringify(from)}); revisit scripts/bundle-options.mjs`);
    source = source.replace(from, to);
  }
  return source;
}

export const inkOutputPlugin = {
  name: 'ink-output',
  setup(b) {
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]output\.js$/ }, async (args) => {
      let source = patchSource(await readFile(args.path, 'utf8'), args.path, [
        ['    caches = new OutputCaches();', '    caches = sharedOutputCaches;'],
        // The method scripts/ink/output-get.js replaces, unchanged: checked so a changed Ink fails here.
        ['    get() {\n        // Initialize output array with a specific set of rows', '    get() {\n        // Initialize output array with a specific set of rows'],
      ]);
      source += `
const CACHE_LIMIT = 20000;
// A line's cells are an object and an array per character (~250 bytes each), so that cache is
// bounded by cells, not lines: 20,000 lines were some 40 MB (bench/leak.mjs). 20,000 cells (~5 MB)
// hold four 120×40 screens; rows that did not change never get here (output-get.js).
const CELL_LIMIT = 20000;
let cachedCells = 0;
const sharedOutputCaches = new OutputCaches();
sharedOutputCaches.getStyledChars = function getStyledChars(line) {
    let cached = this.styledChars.get(line);
    if (cached === undefined) {
        cached = styledCharsFromTokens(tokenize(line));
        this.styledChars.set(line, cached);
        cachedCells += cached.length;
    }
    return cached;
};
function trimOutputCaches() {
    if (cachedCells > CELL_LIMIT) {
        sharedOutputCaches.styledChars.clear();
        cachedCells = 0;
    }
    for (const map of [sharedOutputCaches.widths, sharedOutputCaches.blockWidths]) {
        if (map.size > CACHE_LIMIT) map.clear();
    }
}
${await readFile(`${root}scripts/ink/output-get.js`, 'utf8')}`;
      return { contents: source, loader: 'js' };
    });
    // Ink memoises text measuring and wrapping in module-level caches that never forget: every
    // distinct string ever drawn (each log line scrolled past, each "3m ago") stays for the life
    // of the process. Bounded here, cleared past 10,000 entries, for an app kept open all day.
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/](measure|wrap)-text\.js$/ }, async (args) => {
      const patches = args.path.endsWith('measure-text.js')
        ? [['    cache.set(text, dimensions);', '    if (cache.size >= 10000) cache.clear();\n    cache.set(text, dimensions);']]
        : [
            ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
            ['    cache[cacheKey] = wrappedText;', '    if (++cacheSize > 10000) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;'],
          ];
      return { contents: patchSource(await readFile(args.path, 'utf8'), args.path, patches), loader: 'js' };
    });
    // Cells share their style list while the style does not change (reduceAnsiCodesIncremental
    // always returns a new array and nothing mutates one), instead of a copy per cell; turning
    // cells back into text then skips the style diff between cells with the same list — empty by
    // definition. A line's cost was dominated by those copies and diffs.
    b.onLoad({ filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]styledChars\.js$/ }, async (args) => {
      const patches = [
        // A char token is { type, value, fullWidth } (tokenize.js): spelled out, not spread — the
        // spread was most of a new line's cost.
        ['            ret.push({\n                ...token,\n                styles: [...codes],\n            });', '            ret.push({ type: token.type, value: token.value, fullWidth: token.fullWidth, styles: codes });'],
        ['        else {\n            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));', '        else if (chars[i - 1].styles !== char.styles) {\n            ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));'],
      ];
      return { contents: patchSource(await readFile(args.path, 'utf8'), args.path, patches), loader: 'js' };
    });
    b.onLoad({ filter: /[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]tokenize\.js$/ }, async (args) => {
      let source = patchSource(await readFile(args.path, 'utf8'), args.path, [
        ['    for (const { segment, index } of segmenter.segment(str)) {', '    for (const { segment, index } of segmentsOf(str)) {'],
      ]);
      source += `\n${await readFile(`${root}scripts/ink/tokenize-segments.js`, 'utf8')}`;
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
    inkOutputPlugin,
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
