// `pipetop watch` from the built bundle where a terminal or a pipe is involved: Ctrl-C while it reads
// the failed jobs' logs, a reader that goes away (`| head -1`), the live view on a screen too short
// for its trigger jobs and on one narrower than 11 columns, TERM=dumb, and a bare `pipetop watch`
// with nothing configured. GitLab is the test's simulator (a frozen clock the test moves).
import { spawnSync } from 'node:child_process';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { BUNDLE, ptyFile, type Screen } from '../helpers/pty.js';
import { MINUTE, startRig, type Rig } from '../helpers/sim.js';
import { until } from '../helpers/until.js';

const { home, env, spawn } = ptyFile('pipetop-watch-stops-');
const API = 'acme/api';
let rig: Rig;
let gitlab: string[];

beforeAll(async () => {
  rig = await startRig();
  gitlab = ['--host', rig.sim.url, '--token', DEMO_TOKENS.user];
});
afterAll(() => rig.close());

/** Exit code, or a failure after `timeoutMs` (bounded: the app must end by itself). */
async function exitWithin(screen: Screen, timeoutMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms`)), timeoutMs)));
  try {
    return await Promise.race([screen.exited(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Lines that went up into the terminal's scrollback: what the bytes do to a fresh terminal of that size. */
async function scrolledOff(raw: string, cols: number, rows: number): Promise<number> {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(raw, resolve));
  return term.buffer.active.baseY;
}

const redraws = (raw: string) => raw.match(/\r\x1b\[\d+A/g)?.length ?? 0;

it('a bare `pipetop watch` with nothing configured exits 2 naming --host, GITLAB_TOKEN and glab', () => {
  const run = spawnSync(process.execPath, [BUNDLE, 'watch'], { cwd: home, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 20_000 });
  expect(run.status).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(/^pipetop watch: no GitLab configured/);
  expect(run.stderr).toMatch(/--host URL/);
  expect(run.stderr).toMatch(/GITLAB_TOKEN/);
  expect(run.stderr).toMatch(/glab auth login/);
});

describe('stopping', () => {
  it('Ctrl-C while it reads the failed jobs logs (a GitLab that never sends them): 130 at once', async () => {
    const [failed] = await rig.gl.pipelines.list(API, { status: 'failed', perPage: 1 }).all(1);
    const pid = (await rig.gl.projects.get(API)).id;
    rig.sim.faults.add({ kind: 'stall', method: 'GET', path: new RegExp(`^/projects/${pid}/jobs/\\d+/trace$`), times: 50 });
    try {
      const screen = spawn(['watch', String(failed!.id), '--project', API, ...gitlab]);
      await until(() => rig.sim.faults.pending < 50, 'a log read reached GitLab', { timeoutMs: 20_000, everyMs: 25 });
      screen.write('\x03');
      // The logs' own timeout is 15 s: ending well before it is ending at once.
      expect(await exitWithin(screen, 5_000)).toBe(130);
      await screen.waitFor('pipetop watch: interrupted').catch(() => undefined);
      expect(screen.text()).toContain('pipetop watch: interrupted');
      expect(screen.text()).not.toMatch(/pipeline #\d+ failed after/);
    } finally {
      rig.sim.faults.clear();
    }
  });

  it('`pipetop watch | head -1`: the reader goes away, the watch ends quietly with 0', async () => {
    const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
    const cmd = `"${process.execPath}" "${BUNDLE}" watch ${p.id} --project ${API} --interval 0.5 ${gitlab.join(' ')} | head -1; echo "rc=\${PIPESTATUS[0]}"`;
    const term = pty.spawn('/bin/bash', ['--norc', '--noprofile', '-c', cmd], {
      cols: 200,
      rows: 24,
      cwd: home,
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm-256color', ...env } as Record<string, string>,
    });
    let out = '';
    term.onData((d) => (out += d));
    try {
      await until(() => out.includes(`watching pipeline #${p.id}`), 'head printed the first line', { timeoutMs: 20_000, everyMs: 25 });
      // The pipeline moves on: the watch writes its next line into the closed pipe.
      for (let i = 0; !/rc=\d+/.test(out); i++) {
        if (i > 200) throw new Error(`the watch never ended:\n${out}`);
        rig.advance(MINUTE);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(out).toMatch(/rc=0\b/);
      expect(out).not.toMatch(/EPIPE|Error|at .*\.js:\d+/);
      expect(out.trim().split(/\r?\n/)).toEqual([expect.stringMatching(/^watching pipeline #\d+ /), 'rc=0']);
    } finally {
      term.kill();
    }
  });
});

describe('the live view fits the screen', () => {
  const DEPLOYER = 'acme/platform/deployer';

  /** 200 trigger jobs on 700027 (running), in GitLab's pages of 100, for every read while the test runs. */
  async function twoHundredBridges(): Promise<void> {
    const pid = (await rig.gl.projects.get(DEPLOYER)).id;
    const res = await fetch(`${rig.sim.url}/api/v4/projects/${pid}/pipelines/700027/bridges`, { headers: { 'PRIVATE-TOKEN': DEMO_TOKENS.user } });
    const [model] = (await res.json()) as Record<string, unknown>[];
    const bridges = Array.from({ length: 200 }, (_, i) => {
      const status = i < 3 ? 'running' : 'success';
      const downstream = { ...(model!.downstream_pipeline as Record<string, unknown>), id: 800_000 + i, status };
      return { ...model!, id: 900_000 + i, name: `region-${i}`, status, downstream_pipeline: downstream };
    });
    const path = `/projects/${pid}/pipelines/700027/bridges`;
    for (let read = 0; read < 200; read++) {
      rig.sim.faults.add({
        kind: 'respond',
        status: 200,
        path,
        body: bridges.slice(0, 100),
        headers: { 'X-Next-Page': '2', 'X-Page': '1', 'X-Per-Page': '100' },
      });
      rig.sim.faults.add({ kind: 'respond', status: 200, path, body: bridges.slice(100), headers: { 'X-Next-Page': '', 'X-Page': '2', 'X-Per-Page': '100' } });
    }
  }

  it('200 trigger jobs on 24 rows: nothing pushed into the scrollback, the rest summarised', async () => {
    await twoHundredBridges();
    try {
      const screen = spawn(['watch', '700027', '--project', DEPLOYER, '--interval', '0.5', ...gitlab], { cols: 80, rows: 24 });
      await screen.waitFor('… and 180 more trigger jobs: 180 passed', 15_000);
      await until(() => redraws(screen.raw()) >= 6, 'several redraws', { timeoutMs: 20_000, everyMs: 25 });
      expect(await scrolledOff(screen.raw(), 80, 24)).toBe(0);
      const shown = screen.text().split('\n');
      expect(shown.filter((l) => /region-\d+/.test(l))).toHaveLength(20);
      // The running ones first.
      expect(shown.filter((l) => /region-[0-2] → pipeline #\d+ running/.test(l))).toHaveLength(3);
    } finally {
      rig.sim.faults.clear();
    }
  });

  it('8 columns: every redraw covers the last one, no fragments left behind', async () => {
    const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
    const screen = spawn(['watch', String(p.id), '--project', API, '--interval', '0.5', ...gitlab], { cols: 8, rows: 24 });
    await until(() => redraws(screen.raw()) >= 10, 'several redraws', { timeoutMs: 20_000, everyMs: 25 });
    expect(await scrolledOff(screen.raw(), 8, 24)).toBe(0);
    const height = Number(/\r\x1b\[(\d+)A(?![\s\S]*\r\x1b\[\d+A)/.exec(screen.raw())![1]);
    const used = screen
      .text()
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(used.length).toBeLessThanOrEqual(height);
    for (const line of used) expect([...line].length).toBeLessThanOrEqual(7);
  });

  it('TERM=dumb: plain lines, no cursor movement nor erasing', async () => {
    const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
    const screen = spawn(['watch', String(p.id), '--project', API, '--interval', '0.5', ...gitlab], { env: { TERM: 'dumb' } });
    await screen.waitFor(`watching pipeline #${p.id}`, 20_000);
    for (let i = 0; !/pipeline #\d+ (success|failed|canceled|skipped) after/.test(screen.text()); i++) {
      if (i > 200) throw new Error(`the pipeline never ended:\n${screen.text()}`);
      rig.advance(MINUTE);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await exitWithin(screen, 10_000);
    expect(screen.raw()).not.toMatch(/\x1b\[\d*[AK]/);
    expect(screen.text()).toMatch(/^job #\d+ \S+ \[\w+\] \w+.* \(was \w+\)$/m);
  });
});
