// Where `pipetop watch` takes its arguments, ref and project from: its own options split from the
// TUI's (which go to resolveConfig untouched), the checked-out branch read by one git process, the
// default branch otherwise; and Ctrl-C.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBranch } from '../../src/config/git-remote.js';
import { parseWatchArgs } from '../../src/config/watch-args.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { watchOn } from './helpers.js';

describe('parseWatchArgs', () => {
  it('takes its own options out and passes the rest on as written', () => {
    const r = parseWatchArgs([
      '#42',
      '--host=gitlab.example.com',
      '--notify',
      '--token',
      't',
      '--interval',
      '2.5',
      '--json',
      '--give-up=30',
      '--project',
      'g/p',
      '--demo',
    ]);
    expect(r).toEqual({
      ok: true,
      args: {
        pipelineId: 42,
        notify: true,
        json: true,
        intervalS: 2.5,
        giveUpS: 30,
        help: false,
        rest: ['--host=gitlab.example.com', '--token', 't', '--project', 'g/p', '--demo'],
      },
    });
  });

  it('defaults: 3 s interval, 300 s before giving up, no id', () => {
    const r = parseWatchArgs(['--ref', 'main']);
    expect(r).toEqual({ ok: true, args: { ref: 'main', notify: false, json: false, intervalS: 3, giveUpS: 300, help: false, rest: [] } });
  });

  it('--help wins over bad values', () => {
    expect(parseWatchArgs(['x', 'y', '-h'])).toMatchObject({ ok: true, args: { help: true } });
  });
});

describe('currentBranch', () => {
  it('asks git once for the symbolic ref of HEAD; detached or no checkout is null', async () => {
    const calls: string[][] = [];
    expect(await currentBranch(async (args) => (calls.push(args), 'feature/x'), '/repo')).toBe('feature/x');
    expect(calls).toEqual([['symbolic-ref', '--quiet', '--short', 'HEAD']]);
    expect(await currentBranch(async () => null, '/repo')).toBeNull();
  });
});

describe('the pipeline watched without an id', () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(() => rig.close());

  it('inside a checkout: the project from the git remote, the ref from the checked-out branch', async () => {
    const p = await rig.gl.pipelines.create('acme/api', 'fix/timeouts');
    const git = async (args: string[]) =>
      args[0] === 'remote'
        ? `origin\t${rig.sim.url}/acme/api.git (fetch)\norigin\t${rig.sim.url}/acme/api.git (push)`
        : args[0] === 'symbolic-ref'
          ? 'fix/timeouts'
          : null;
    const abort = new AbortController();
    const run = await watchOn(rig, [], { hooks: { git, signal: abort.signal }, onSleep: () => abort.abort() });
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${p.id} of acme/api on fix/timeouts: `));
    expect(run.code).toBe(130);
  });

  it('with --project and no ref: the newest pipeline of the default branch; the checkout branch is not used', async () => {
    const abort = new AbortController();
    const run = await watchOn(rig, ['--project', 'acme/api'], {
      hooks: { git: async () => 'fix/timeouts', signal: abort.signal },
      onSleep: () => abort.abort(),
    });
    const [newest] = await rig.gl.pipelines.list('acme/api', { ref: 'main', perPage: 1 }).all(1);
    expect(run.lines[0]).toMatch(new RegExp(`^watching pipeline #${newest!.id} of acme/api on main: `));
    expect([0, 1, 130]).toContain(run.code);
  });
});
