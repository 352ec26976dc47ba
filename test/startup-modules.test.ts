// What the built app loads of Node before its first frame (bench/startup.mjs times it): node:crypto
// (17 internal modules), node:assert and node:http are read on first use (src/lib/builtins.ts,
// src/boot/code-cache.ts, scripts/signal-exit-assert-stub.cjs), not by every start. A preload
// records Node's list of loaded modules at the first write that draws the header.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../src/sim/index.js';
import { ptyFile } from './helpers/pty.js';
import { START } from './helpers/sim.js';

const { spawn } = ptyFile('pipetop-startup-modules-');
const dir = mkdtempSync(join(tmpdir(), 'pipetop-modules-'));
const preload = join(dir, 'record.cjs');
const listFile = join(dir, 'modules.json');
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  writeFileSync(
    preload,
    `const write = process.stdout.write.bind(process.stdout);
let done = false;
process.stdout.write = (chunk, ...rest) => {
  if (!done && String(chunk).includes('pipetop')) {
    done = true;
    require('node:fs').writeFileSync(${JSON.stringify(listFile)}, JSON.stringify(process.moduleLoadList));
  }
  return write(chunk, ...rest);
};
`,
  );
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('draws its first frame without node:crypto, node:assert or node:http', async () => {
  const screen = spawn(['--host', sim.url, '--project', 'acme/api'], {
    env: { GITLAB_TOKEN: DEMO_TOKENS.user, NODE_OPTIONS: `--require ${preload}`, GLAB_CONFIG_DIR: join(dir, 'no-glab') },
  });
  await screen.waitFor('acme/api', 20_000);
  screen.write('q');
  expect(await screen.exited()).toBe(0);
  const loaded = (JSON.parse(readFileSync(listFile, 'utf8')) as string[]).filter((m) => m.startsWith('NativeModule '));
  // The list was taken at the first frame: the terminal's module is there, the app's data client is not.
  expect(loaded).toContain('NativeModule tty');
  expect(loaded).not.toContain('NativeModule crypto');
  expect(loaded.filter((m) => m.includes('crypto'))).toEqual([]);
  expect(loaded).not.toContain('NativeModule assert');
  expect(loaded).not.toContain('NativeModule http');
});
