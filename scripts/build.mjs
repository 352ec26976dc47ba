// Bundles src/cli.tsx into ESM: dist/pipetop.js plus chunks in dist/chunks/. A bundle starts about
// 2.5x faster than tsc's many-file output because Node resolves and reads a few files instead of
// hundreds. Code behind a dynamic import() — the simulator, undici, the YAML parser — lands in its
// own chunk, so start-up compiles only what the first frame needs (bench/startup.mjs measures it).
import { build } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const devtoolsStub = `${root}/scripts/react-devtools-stub.mjs`;
// Chunk names carry content hashes: clear old ones so dist/ holds only this build.
rmSync(`${root}/dist/chunks`, { recursive: true, force: true });
mkdirSync(`${root}/dist`, { recursive: true });
await build({
  entryPoints: { pipetop: `${root}/src/cli.tsx` },
  outdir: `${root}/dist`,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Ink imports its devtools (react-devtools-core and the ws WebSocket library) only when DEV is
  // set; stubs keep both out of the bundle. string-width: Ink measures text with pipetop's own
  // displayWidth (see src/text/ink-string-width.ts for why).
  alias: { 'react-devtools-core': devtoolsStub, 'string-width': `${root}/src/text/ink-string-width.ts` },
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
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(`${root}/dist/pipetop.js`, 0o755);
