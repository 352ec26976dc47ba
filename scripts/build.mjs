// Bundles src/cli.tsx into one ESM file, dist/pipetop.js. A bundle starts about 2.5x faster than
// tsc's many-file output because Node resolves and reads one file instead of hundreds.
import { build } from 'esbuild';
import { chmodSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(`${root}/dist`, { recursive: true });
await build({
  entryPoints: [`${root}/src/cli.tsx`],
  outfile: `${root}/dist/pipetop.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Ink imports react-devtools-core only when DEV is set; the stub keeps the bundle small and offline.
  alias: { 'react-devtools-core': `${root}/scripts/react-devtools-stub.mjs` },
  // Some bundled CommonJS dependencies call require(); ESM output has none unless we create it.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __pipetopCreateRequire } from 'node:module';\nconst require = __pipetopCreateRequire(import.meta.url);",
  },
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync(`${root}/dist/pipetop.js`, 0o755);
