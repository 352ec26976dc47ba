// `pipetop watch` run in-process: the demo only when asked and then DEMO on every line of every
// output form; --give-up counted from the first failing try against a server that never answers;
// an abort (Ctrl-C) ending it at once while it reads the failed jobs' logs; --notify following the
// config file's `notifications:`; TERM=dumb getting plain lines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_GITLAB_MESSAGE, runWatch, type WatchIo } from '../../src/commands/watch.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { planOutcome, watchOn } from './helpers.js';

const API = 'acme/api';
let rig: Rig;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(() => rig.close());

/** runWatch with the process's environment left out: nothing configured unless `env` says so. */
async function bare(argv: string[], opts: { tty?: boolean; env?: NodeJS.ProcessEnv } = {}) {
  let out = '';
  let err = '';
  const io: WatchIo = {
    stdout: { write: (t: string) => (out += t), isTTY: opts.tty === true, columns: 80, rows: 24 },
    stderr: { write: (t: string) => (err += t), isTTY: false },
    env: opts.env ?? {},
    cwd: process.cwd(),
    home: '/nonexistent-home-for-tests',
  };
  const code = await runWatch(argv, io, { git: async () => null });
  return { code, out, err };
}

describe('the demo only when asked', () => {
  it('nothing configured: exit 2 naming how to configure a GitLab, no pipeline watched', async () => {
    for (const argv of [[], ['--project', API], ['1234']]) {
      const run = await bare(argv);
      expect(run.code).toBe(2);
      expect(run.out).toBe('');
      expect(run.err).toBe(`${NO_GITLAB_MESSAGE}\n`);
    }
    expect(NO_GITLAB_MESSAGE).toMatch(/--host URL/);
    expect(NO_GITLAB_MESSAGE).toMatch(/GITLAB_TOKEN/);
    expect(NO_GITLAB_MESSAGE).toMatch(/glab auth login/);
    expect(NO_GITLAB_MESSAGE).toMatch(/pipetop watch --demo/);
    const json = await bare(['--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out)).toMatchObject({ type: 'error', exit_code: 2, message: NO_GITLAB_MESSAGE });
  });

  it("nothing found because glab's config is unusable: that warning first, then the exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pipetop-watch-glab-'));
    writeFileSync(join(dir, 'config.yml'), 'hosts:\n  gitlab.example.com:\n    token: glpat-example\n', { mode: 0o644 });
    const run = await bare([], { env: { GLAB_CONFIG_DIR: dir } });
    expect(run.code).toBe(2);
    const [warning, ...rest] = run.err.split('\n');
    expect(warning).toMatch(/^pipetop: .*config\.yml is readable by others \(mode 644\); not reading tokens from it/);
    expect(rest.join('\n')).toBe(`${NO_GITLAB_MESSAGE}\n`);
  });

  // The demo's world run fast: its newest pipeline on main (which one depends on when it is read) ends within seconds.
  const demo = ['--demo', '--speed', '600', '--interval', '0.5', '--project', API];
  const visible = (text: string) =>
    text
      .replace(/\r\x1b\[\d+A/g, '\n')
      .replace(/\x1b\[[\d;]*[mKJ]/g, '')
      .split('\n')
      .filter((l) => l !== '');

  it('--demo, plain: every line of stdout and stderr starts with DEMO', async () => {
    // --notify reads the config file: the one named here is missing, a warning on stderr.
    const run = await bare([...demo, '--notify'], { env: { PIPETOP_CONFIG: '/nonexistent.yml' } });
    expect([0, 1]).toContain(run.code);
    const lines = visible(run.out);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of [...lines, ...visible(run.err)]) expect(line).toMatch(/^DEMO /);
    expect(lines[0]).toMatch(/^DEMO watching pipeline #\d+ of acme\/api on main/);
    expect(lines).toContainEqual(expect.stringMatching(/^DEMO \S pipeline #\d+ (success|failed|canceled|skipped|is blocked on a manual job)/));
    // The stderr warning about the config file named on purpose says DEMO too.
    expect(run.err).toMatch(/^DEMO pipetop: /);
  });

  it('--demo --json: every object carries demo, saying DEMO', async () => {
    const run = await bare([...demo, '--json']);
    expect([0, 1]).toContain(run.code);
    const objects = run.out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects[0]!.type).toBe('start');
    expect(objects.at(-1)!.type).toBe('end');
    for (const line of run.out.split('\n').filter(Boolean)) expect(line).toMatch(/^\{"demo":"DEMO: the built-in simulator, not a GitLab",/);
  });

  it('--demo on a terminal: every line of the live view and of the summary starts with DEMO', async () => {
    const run = await bare(demo, { tty: true });
    expect([0, 1]).toContain(run.code);
    expect(run.out).toMatch(/\x1b\[K\n/);
    const lines = visible(run.out);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(line).toMatch(/^DEMO /);
  });
});

describe('--give-up against a GitLab that never answers', () => {
  let server: Server;
  let url: string;
  /** The watch's clock: each request that reaches the server costs one request timeout (30 s), as a real one would. */
  let t = 0;
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage) => {
      seen.push(req.url ?? '');
      t += 30_000;
      // No answer, ever.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('ends within --give-up plus one request timeout of the first failure, saying the time it really tried', async () => {
    const waits: number[] = [];
    const run = await watchOn(rig, ['--host', url, '1', '--project', API, '--give-up', '5', '--interval', '3'], {
      hooks: {
        now: () => t,
        sleep: async (ms) => {
          waits.push(ms);
          t += ms;
        },
        // Real time: the client's own timeout, short; the watch's clock says 30 s went by.
        client: { timeoutMs: 200, sleep: async () => {} },
      },
    });
    expect(run.code).toBe(3);
    // One try, which alone outlasted --give-up: no second 30 s wait.
    expect(seen).toHaveLength(1);
    expect(waits).toEqual([]);
    expect(t).toBeLessThanOrEqual(5_000 + 30_000);
    expect(run.err).toMatch(/^pipetop watch: GitLab at 127\.0\.0\.1:\d+ unreachable for 30s; giving up \(--give-up\)\. Last error: /);
  });
});

describe('interrupted', () => {
  it('an abort while the failed jobs logs are read (a GitLab that never answers them) ends it at once with 130', async () => {
    const [failed] = await rig.gl.pipelines.list(API, { status: 'failed', perPage: 1 }).all(1);
    const pid = (await rig.gl.projects.get(API)).id;
    rig.sim.faults.add({ kind: 'stall', method: 'GET', path: new RegExp(`^/projects/${pid}/jobs/\\d+/trace$`), times: 50 });
    const abort = new AbortController();
    const run = watchOn(rig, [String(failed!.id), '--project', API], { hooks: { signal: abort.signal } });
    // Bounded: the first log read has reached the server (a fault used up).
    for (let i = 0; rig.sim.faults.pending === 50; i++) {
      if (i > 400) throw new Error('the watch never read a log');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    abort.abort();
    const result = await run;
    rig.sim.faults.clear();
    expect(result.code).toBe(130);
    expect(result.err).toBe('pipetop watch: interrupted\n');
    expect(result.lines.some((l) => /pipeline #\d+ failed after/.test(l))).toBe(false);
  });
});

describe('--notify and the config file', () => {
  it('honours notifications: only the channels the file leaves on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pipetop-watch-notify-'));
    const file = join(dir, 'config.yml');
    writeFileSync(file, 'notifications: { bell: true, desktop: false, title: false }\n');
    const [done] = await rig.gl.pipelines.list(API, { status: 'success', perPage: 1 }).all(1);
    const run = await watchOn(rig, [String(done!.id), '--project', API, '--notify'], { tty: true, env: { PIPETOP_CONFIG: file } });
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('\x1b]777;');
    expect(run.out).not.toContain('\x1b]9;');
    expect(run.out).not.toContain('\x1b]2;');
    expect(run.out.endsWith('\x07')).toBe(true);

    writeFileSync(file, 'notifications: { bell: nope }\n');
    const warned = await watchOn(rig, [String(done!.id), '--project', API, '--notify'], { tty: true, env: { PIPETOP_CONFIG: file } });
    expect(warned.err).toBe(`pipetop: ${file}:1: notifications.bell: expected true or false, got "nope"; using true\n`);
    expect(warned.out).toContain('\x1b]777;notify;pipetop: pipeline success;');
  });
});

describe('TERM=dumb', () => {
  it('a terminal that cannot move its cursor gets the plain lines', async () => {
    const p = await rig.gl.pipelines.create(API, 'fix/timeouts');
    planOutcome(rig, p.id);
    const run = await watchOn(rig, [String(p.id), '--project', API, '--interval', '10'], { tty: true, env: { TERM: 'dumb' } });
    expect(run.code).toBe(0);
    expect(run.out).not.toContain('\x1b[');
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${p.id} `));
    expect(run.lines).toContain(`pipeline #${p.id} success (was running)`);
  });
});
