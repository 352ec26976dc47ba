// esbuild options shared by the app's build (scripts/build.mjs) and the benchmarks that bundle
// src/ in-process (bench/*.mjs), so a benchmark measures the code exactly as it ships: React's
// production build, Ink (as patched in node_modules) measuring text with pipetop's displayWidth, no
// devtools.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devtoolsStub = `${root}scripts/react-devtools-stub.mjs`;
const signalExitAssertStub = `${root}scripts/signal-exit-assert-stub.cjs`;

/**
 * The loaded file with each `[from, to]` replaced once; a replacement that no longer matches (another
 * version of the package) fails the build rather than shipping the unchanged code.
 */
function replaced(path, edits) {
  let text = readFileSync(path, 'utf8');
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`${path}: expected to find ${JSON.stringify(from.slice(0, 80))}; was the package upgraded?`);
    text = text.replace(from, () => to);
  }
  return text;
}

// No top-level await in the bundle: the build loads its chunks as CommonJS scripts so that V8 can
// keep their compiled code (src/boot/chunk-loader.ts), and CommonJS has no top-level await. Three
// are there: yoga's `await loadYoga()`, which instantiates its WebAssembly — done synchronously
// instead (the module is 90 KB; the CPU is the same) through a switch added to Emscripten's loader;
// and two in Ink's reconciler that run only with DEV=true (devtools, which the bundle stubs anyway,
// and the renderer's name for them).
const noTopLevelAwait = {
  name: 'no-top-level-await',
  setup(b) {
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => ({
      contents: replaced(args.path, [
        [
          '(function(){return w||"function"!=typeof WebAssembly.instantiateStreaming',
          // The bytes through Buffer's native base64 decoder: Emscripten's wa() runs atob (JavaScript
          // in Node 20) and a charCodeAt loop over the 90 KB, ~2 ms of CPU cold.
          '(function(){if(h.instantiateSync)return b({instance:new WebAssembly.Instance(new WebAssembly.Module(typeof Buffer=="function"&&ua(H)?Buffer.from(H.slice(37),"base64"):wa()),d)}),Promise.resolve();return w||"function"!=typeof WebAssembly.instantiateStreaming',
        ],
      ]),
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) => ({
      contents: replaced(args.path, [
        [
          'const Yoga = wrapAssembly(await loadYoga());',
          // Emscripten's runtime starts synchronously once the instance is there: the module object
          // passed in is the one its promise would resolve to.
          'const yogaModule = { instantiateSync: true };\nloadYoga(yogaModule).catch(() => undefined);\nif (!yogaModule.calledRun) throw new Error("yoga-layout did not start synchronously");\nconst Yoga = wrapAssembly(yogaModule);',
        ],
      ]),
      loader: 'js',
    }));
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => ({
      contents: replaced(args.path, [
        ["await import('./devtools.js');", "void import('./devtools.js');"],
        ['? await loadPackageJson()', '? { name: undefined, version: undefined }'],
      ]),
      loader: 'js',
    }));
  },
};

// React is CommonJS. esbuild gives each ES module that imports it its own interop copy of React's
// exports (`__toESM(require_react())`: an object with a getter per export), and 55 modules import
// React or its JSX runtime: ~3-5 ms of the start before the first frame (bench/startup.mjs). Every
// `import … from 'react'` (and 'react/jsx-runtime') goes through one ES module instead, which
// re-exports the production build's exports, read here, so a missing one fails the build. require()
// calls (react-reconciler's) still get React's own exports object.
const requireFromRoot = createRequire(`${root}package.json`);
const REACT_BUILDS = { react: 'cjs/react.production.js', 'react/jsx-runtime': 'cjs/react-jsx-runtime.production.js' };
const reactBuild = (specifier) => createRequire(requireFromRoot.resolve('react/package.json'))(`./${REACT_BUILDS[specifier]}`);
const reactOnce = {
  name: 'react-once',
  setup(b) {
    b.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) =>
      args.kind === 'import-statement' && args.namespace !== 'react-once' ? { path: args.path, namespace: 'react-once' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'react-once' }, (args) => {
      const names = Object.keys(reactBuild(args.path)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
      return {
        contents: `import real from ${JSON.stringify(args.path)};\nexport default real;\nexport const { ${names.join(', ')} } = real;\n`,
        resolveDir: root,
        loader: 'js',
      };
    });
  },
};

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
    noTopLevelAwait,
    reactOnce,
    {
      name: 'signal-exit-assert-stub',
      setup(b) {
        b.onResolve({ filter: /^assert$/ }, (args) => {
          if (!/[\\/]signal-exit[\\/]/.test(args.importer)) return undefined;
          const uses = new Set(readFileSync(args.importer, 'utf8').match(/\bassert\.\w+/g));
          if ([...uses].some((use) => use !== 'assert.equal')) throw new Error(`${args.importer} uses ${[...uses].join(', ')}; the stub has assert.equal only`);
          return { path: signalExitAssertStub };
        });
      },
    },
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
