// Bundles src/cli.tsx: dist/pipetop.js, a small launcher, runs dist/chunks/main.js and the chunks it
// loads. A bundle starts about 2.5x faster than tsc's many-file output because Node resolves and
// reads a few files instead of hundreds. Code behind a dynamic import() — the simulator, undici, the
// YAML parser — lands in its own chunk, so start-up compiles only what the first frame needs
// (bench/startup.mjs measures it).
//
// The chunks are bundled as ESM, then each is turned into a CommonJS script: the launcher compiles
// them itself with V8's code cache (src/boot/chunk-loader.ts), which Node 20 offers for scripts only.
// An import() between chunks becomes a require() in a promise, resolved by that loader.
import { build, transform } from 'esbuild';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleOptions } from './bundle-options.mjs';
import { checkAll } from './ink/patches.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The bundle takes Ink as installed: refuse to build unless pipetop's patches (patches/) are applied
// exactly, so a changed Ink, or a checkout whose patches changed since `npm ci`, fails here loudly.
try {
  checkAll();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// Chunk names carry content hashes: clear old ones so dist/ holds only this build.
// cron-parser and luxon, 150 KB, only compute a schedule's next runs (src/cron/next-runs.ts): they
// are a chunk of their own, loaded by the first call rather than with everything the first frame
// needs. next-runs.ts gets a stand-in whose `parse` requires that chunk (through the chunk loader)
// then calls it; the source and the tests keep the plain, static import.
const lazyCronParser = {
  name: 'lazy-cron-parser',
  setup(b) {
    b.onResolve({ filter: /^cron-parser$/ }, (args) =>
      /[\\/]src[\\/]cron[\\/]next-runs\.ts$/.test(args.importer) ? { path: 'cron-parser', namespace: 'lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents:
        "let real;\nexport const CronExpressionParser = { parse: (...args) => (real ??= require('./cron-parser.js')).CronExpressionParser.parse(...args) };\n",
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\/cron-parser\.js$/, namespace: 'lazy' }, () => ({ path: './cron-parser.js', external: true }));
    // The chunk itself: an entry point, so its exports are kept (cron-parser is CommonJS: named here).
    b.onResolve({ filter: /^pipetop-lazy:cron-parser$/ }, () => ({ path: 'cron-parser', namespace: 'lazy-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-entry' }, () => ({
      contents: "export { CronExpressionParser } from 'cron-parser';\n",
      loader: 'js',
      resolveDir: root,
    }));
  },
};
rmSync(`${root}/dist/chunks`, { recursive: true, force: true });
mkdirSync(`${root}/dist/chunks`, { recursive: true });
const bundled = await build({
  ...bundleOptions,
  // The loader hands each chunk its own `require` (node:module's createRequire does not exist in a script).
  banner: {},
  plugins: [...bundleOptions.plugins, lazyCronParser],
  entryPoints: { main: `${root}/src/cli.tsx`, 'cron-parser': 'pipetop-lazy:cron-parser' },
  outdir: `${root}/dist/chunks`,
  chunkNames: '[name]-[hash]',
  splitting: true,
  write: false,
});
for (const file of bundled.outputFiles) {
  const cjs = await transform(file.text.replace(/^#!.*\n/, ''), {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // import('./x.js') → Promise.resolve().then(() => require('./x.js')): the loader's require.
    supported: { 'dynamic-import': false },
    // Yoga's Emscripten loader reads import.meta.url; the loader passes each chunk its URL.
    define: { 'import.meta.url': '__pipetop_import_meta_url' },
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  if (/\bimport\.meta\b/.test(cjs.code)) throw new Error(`${basename(file.path)}: import.meta left in a CommonJS chunk`);
  // esbuild escapes non-ASCII text in strings but keeps it in regular expression literals. An ASCII
  // chunk is read as Latin-1, cheaper than decoding UTF-8 (src/boot/chunk-loader.ts): write \uXXXX
  // in the source instead.
  const nonAscii = /[^\x00-\x7f]/.exec(cjs.code);
  if (nonAscii)
    throw new Error(
      `${basename(file.path)}: a non-ASCII character (${JSON.stringify(nonAscii[0])}) in ${JSON.stringify(cjs.code.slice(Math.max(0, nonAscii.index - 60), nonAscii.index + 20))}; escape it as \\u${nonAscii[0].charCodeAt(0).toString(16).padStart(4, '0')} in the source`,
    );
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, cjs.code);
}
await build({
  ...bundleOptions,
  banner: {},
  plugins: [],
  // CommonJS (src/boot/launcher.ts says why); dist/package.json makes Node read dist/*.js so.
  format: 'cjs',
  entryPoints: { pipetop: `${root}/src/boot/launcher.ts` },
  outdir: `${root}/dist`,
});
writeFileSync(join(root, 'dist/package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
chmodSync(join(root, 'dist/pipetop.js'), 0o755);
