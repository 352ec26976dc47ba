#!/usr/bin/env node
// The leak bench's user, in real time: the built bundle in a pseudo-terminal against a simulator at
// real speed, watching acme/api — each minute 30 s on the pipeline list, Enter on the newest
// pipeline for 15 s, Enter on its first job (its log tailed live) for 13 s, back twice — while a
// second user starts a pipeline every 2 minutes. bench/leak.mjs compresses 30 minutes into ~30 s;
// this checks what that compression does to V8's heap sizing. Not in `npm run bench` (it takes
// MINUTES real minutes, default 30). NODE_FLAGS adds flags for the app's node.
// Prints RSS, V8's young generation and heap each minute (bench/manual/memory-probe.mjs inside the app).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pty from 'node-pty';
import { spawnSimulator } from '../lib/harness.mjs';

const MINUTES = Number(process.env.MINUTES ?? 30);
const flags = (process.env.NODE_FLAGS ?? '').split(' ').filter(Boolean);
const root = fileURLToPath(new URL('../..', import.meta.url));
const bundle = `${root}dist/pipetop.js`;
if (!existsSync(bundle)) throw new Error('build first: npm run build');
const { sim, url } = await spawnSimulator(bundle);
const probe = join(mkdtempSync(join(tmpdir(), 'pipetop-probe-')), 'memory.jsonl');
const env = { ...process.env, TERM: 'xterm-256color', GITLAB_HOST: url, GITLAB_TOKEN: 'demo-user-token', PIPETOP_MEMORY_PROBE: probe };
delete env.CI;
const app = pty.spawn(process.execPath, ['--expose-gc', ...flags, '--import', `${root}bench/manual/memory-probe.mjs`, bundle, '--project', 'acme/api'], {
  cols: 120,
  rows: 40,
  env,
});
app.onData(() => {});
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const bob = () =>
  fetch(`${url}/api/v4/projects/${encodeURIComponent('acme/api')}/pipeline?ref=main`, { method: 'POST', headers: { 'private-token': 'demo-other-token' } })
    .then((r) => r.text())
    .catch(() => {});
const last = () => {
  const lines = existsSync(probe) ? readFileSync(probe, 'utf8').trim().split('\n') : [];
  return lines.length ? JSON.parse(lines.at(-1)) : null;
};
const f = (n) => n.toFixed(1);
console.log(`node ${flags.join(' ')}: ${MINUTES} real minutes`);
for (let minute = 1; minute <= MINUTES; minute++) {
  if (minute % 2 === 0) await bob();
  await sleep(30_000);
  app.write('\r');
  await sleep(15_000);
  app.write('\r');
  await sleep(13_000);
  app.write('\x1b');
  await sleep(1_000);
  app.write('\x1b');
  await sleep(1_000);
  const m = last();
  if (m) console.log(`minute ${minute}: rss ${f(m.rssMB)} MB, young generation ${f(m.youngMB)} MB, heap used ${f(m.heapUsedMB)} MB`);
}
app.kill();
sim.kill();
process.exit(0);
