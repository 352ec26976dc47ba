// esbuild options shared by the app's build (scripts/build.mjs) and the benchmarks that bundle
// src/ in-process (bench/*.mjs), so a benchmark measures the code exactly as it ships: React's
// production build, Ink (as patched in node_modules) measuring text with pipetop's displayWidth, no
// devtools.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devtoolsStub = `${root}scripts/react-devtools-stub.mjs`;

// Ink and ansi-tokenize are bundled as installed, that is with pipetop's patches applied
// (patches/, applied on install and checked by scripts/build.mjs; see scripts/ink/patches.mjs).

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
  // Node parses all of the entry's static graph before the first frame: whitespace and syntax
  // minified, a third fewer bytes, took ~17 ms of CPU off it (bench/startup.mjs). Names are kept,
  // so stack traces still name their functions.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
};
