// `pipetop watch` takes its token the ways the TUI does: --token-file PATH (private
// only) and --token - (standard input), besides the environment and glab's config.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runWatch, type WatchIo } from '../../src/commands/watch.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { BUNDLE, ensureBundle, isolatedEnv } from '../helpers/pty.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { planOutcome } from './helpers.js';

const API = 'acme/api';
let rig: Rig;
const dir = mkdtempSync(join(tmpdir(), 'pipetop-watch-token-'));

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

async function watch(argv: string[], stdin: Pick<WatchIo, 'stdinIsTTY' | 'readStdin'> = {}) {
  const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
  planOutcome(rig, p.id);
  let out = '';
  let err = '';
  const before = rig.sim.requests.length;
  const code = await runWatch(
    [String(p.id), '--project', API, '--interval', '10', '--host', rig.sim.url, ...argv],
    { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, env: {}, cwd: dir, home: dir, ...stdin },
    { now: () => rig.sim.clock.now(), sleep: async (ms) => rig.advance(ms), git: async () => null, client: { sleep: async () => {} } },
  );
  const tokens = new Set(rig.sim.requests.slice(before).map((r) => r.headers['private-token']));
  return { code, out, err, tokens };
}

it('--token-file PATH (mode 600): the token comes from the file', async () => {
  const file = join(dir, 'token');
  writeFileSync(file, `${DEMO_TOKENS.user}\n`);
  chmodSync(file, 0o600);
  const run = await watch(['--token-file', file]);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  expect([...run.tokens]).toEqual([DEMO_TOKENS.user]);
});

it('--token-file readable by others is refused', async () => {
  const file = join(dir, 'open-token');
  writeFileSync(file, DEMO_TOKENS.user);
  chmodSync(file, 0o644);
  const run = await watch(['--token-file', file]);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(/can be read by others .*chmod 600/);
});

it('--token -: the token comes from standard input', async () => {
  const run = await watch(['--token', '-'], { stdinIsTTY: false, readStdin: async () => `${DEMO_TOKENS.user}\n` });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  expect([...run.tokens]).toEqual([DEMO_TOKENS.user]);
});

it('--token - on a terminal says to pipe it in', async () => {
  const run = await watch(['--token', '-'], { stdinIsTTY: true, readStdin: async () => '' });
  expect(run.code).toBe(2);
  expect(run.err).toMatch(/standard input, which is a terminal here/);
});

it('the built bundle: `pipetop watch --token -` reads the token piped in', async () => {
  ensureBundle();
  const [done] = await rig.gl.pipelines.list(API, { status: 'success', perPage: 1 }).all(1);
  const before = rig.sim.requests.length;
  const env = { ...process.env, ...isolatedEnv(dir), GLAB_CONFIG_DIR: join(dir, 'no-glab'), CI: '' };
  const out = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BUNDLE, 'watch', String(done!.id), '--project', API, '--host', rig.sim.url, '--token', '-'], { env, cwd: dir });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
    child.stdin.end(`${DEMO_TOKENS.user}\n`);
  });
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  expect(rig.sim.requests.slice(before).every((r) => r.headers['private-token'] === DEMO_TOKENS.user)).toBe(true);
});
