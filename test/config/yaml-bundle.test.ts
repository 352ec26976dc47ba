// The YAML parser is loaded with a dynamic import() and bundled by esbuild: in the bundle, a
// CommonJS package's exports arrive as `default` only, so code that reads named exports off the
// import passes every source test and breaks in dist/. This runs the config readers bundled the way
// scripts/build.mjs bundles the app.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module without types
import { bundleOptions } from '../../scripts/bundle-options.mjs';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pipetop-yaml-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function runBundled(code: string): Promise<string> {
  const entry = join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, code);
  const outdir = join(dir, `out-${Math.random().toString(36).slice(2)}`);
  await build({ ...bundleOptions, entryPoints: { entry }, outdir, splitting: true, outExtension: { '.js': '.mjs' } });
  const run = spawnSync(process.execPath, [join(outdir, 'entry.mjs')], { encoding: 'utf8', timeout: 15_000 });
  expect(run.stderr).toBe('');
  return run.stdout;
}

it('the user config is parsed in the bundle as in the sources', async () => {
  const out = await runBundled(`import { parseUserConfig } from ${JSON.stringify(`${src}config/user-config.ts`)};
const r = await parseUserConfig('theme: light\\nkeys:\\n  nav.down: [j, x]\\n', { file: 'c.yml', commands: ['nav.down'] });
console.log(JSON.stringify(r));`);
  expect(JSON.parse(out)).toEqual({
    config: { theme: 'light', keys: { 'nav.down': { keys: ['j', 'x'], line: 3 } }, notifications: { bell: true, desktop: true, title: true }, commands: [] },
    warnings: [],
  });
});

it('the glab config is parsed in the bundle as in the sources', async () => {
  const out = await runBundled(`import { readGlabConfig } from ${JSON.stringify(`${src}config/glab-config.ts`)};
const warnings: string[] = [];
const fs = { stat: async () => ({ mode: 0o100600 }), readFile: async () => 'host: gitlab.example.com\\nhosts:\\n  gitlab.example.com:\\n    token: abc\\n' };
const config = await readGlabConfig(fs, '/x/config.yml', true, warnings);
console.log(JSON.stringify({ hosts: config?.hosts.map((h) => h.name), warnings }));`);
  expect(JSON.parse(out)).toEqual({ hosts: ['gitlab.example.com'], warnings: [] });
});
