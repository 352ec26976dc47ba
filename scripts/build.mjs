// Bundles src/cli.tsx into ESM: dist/pipetop.js plus chunks in dist/chunks/. A bundle starts about
// 2.5x faster than tsc's many-file output because Node resolves and reads a few files instead of
// hundreds. Code behind a dynamic import() — the simulator, undici, the YAML parser — lands in its
// own chunk, so start-up compiles only what the first frame needs (bench/startup.mjs measures it).
import { build } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
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
rmSync(`${root}/dist/chunks`, { recursive: true, force: true });
mkdirSync(`${root}/dist`, { recursive: true });
await build({
  ...bundleOptions,
  entryPoints: { pipetop: `${root}/src/cli.tsx` },
  outdir: `${root}/dist`,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
});
chmodSync(`${root}/dist/pipetop.js`, 0o755);
