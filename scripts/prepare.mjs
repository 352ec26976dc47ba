// `prepare` runs on `npm install` in a clone and on `npm install -g .` / `npm link`. A global install
// of a fresh clone runs it without the dev dependencies, and the build then died on "Cannot find
// package 'esbuild'": say what to do instead.
try {
  await import('esbuild');
} catch {
  console.error(
    'pipetop: building dist/ needs the dev dependencies (esbuild).\n' + 'Run `npm install` in this folder first, then `npm install -g .` (or `npm link`).',
  );
  process.exit(1);
}
// Ink and ansi-tokenize are patched in node_modules (patches/, scripts/ink/patches.mjs) before the
// build bundles them; a patch that does not fit fails the install loudly.
const { applyAll } = await import('./ink/patches.mjs');
try {
  const done = applyAll();
  if (done.length) console.log(`patched ${done.join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('./build.mjs');
