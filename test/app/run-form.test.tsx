// The run form through the real app against the simulator (acme/platform/deployer declares inputs
// environment, replicas, dry_run, regions): `N` with variables and typed inputs, GitLab's 400 shown
// beside the line it names with every typed line kept, and `p` on a manual deploy: its variables,
// then a `[y/N]` naming the environment, then the job's log echoing the variable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job, TraceResult } from '../../src/api/index.js';
import { targetJob } from '../../src/features/jobs/index.js';
import { topPane } from '../../src/store/store.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

const DEPLOYER = 'acme/platform/deployer';
let app: AppRig;
let projectId: number;

// Each test its own app and world: no form, pipeline or job is left by another.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
  projectId = app.sim.world.projectsByPath.get(DEPLOYER)!.id;
});
afterEach(() => app.close());

async function pipelinesTab(): Promise<void> {
  app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: DEPLOYER, tab: 'pipelines' } as Pane] }));
  await app.waitFor(/#7000\d\d/);
}

/** A burst: the whole text in one read, as a fast typist or a paste delivers it. */
// A paste arrives bracketed (pipetop turns bracketed paste on): typed, a newline would be Enter.
const burst = (text: string) => app.press(/[\r\n]/.test(text) ? `\x1b[200~${text}\x1b[201~` : text);

describe('N: a new pipeline with variables and inputs', () => {
  it('runs with two variables (one a file); they read back through the variables endpoint', async () => {
    await pipelinesTab();
    await app.press('N');
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    expect(app.frame()).toMatch(/Ref\s+main/);
    await app.press(KEY.tab);
    await burst('DEPLOY_TARGET=blue-green');
    await app.press(KEY.tab);
    await burst('file:ROLLOUT_PLAN=10%,100%');
    await app.waitFor('file:ROLLOUT_PLAN=10%,100%');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Created pipeline #\d+ for main \(pending\) with 2 variables/);
    const id = Number(/Created pipeline #(\d+)/.exec(frame)![1]);
    expect(topPane(app.store.getState())).toMatchObject({ kind: 'pipeline', pipelineId: id });
    expect(app.store.getState().runForm).toBeNull();
    expect(await app.controller.ctx.gl.pipelines.variables(projectId, id)).toEqual([
      { variable_type: 'env_var', key: 'DEPLOY_TARGET', value: 'blue-green' },
      { variable_type: 'file', key: 'ROLLOUT_PLAN', value: '10%,100%' },
    ]);
    // The pipeline pane names them; its details (i) show the values.
    await app.waitFor('variables: DEPLOY_TARGET ROLLOUT_PLAN (file)');
    await app.press('i');
    await app.waitFor('DEPLOY_TARGET = blue-green');
    expect(app.frame()).toContain('ROLLOUT_PLAN (file) = 10%,100%');
  });

  it('a pasted block of lines becomes one entry per line', async () => {
    await pipelinesTab();
    await app.press('N');
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    await app.press(KEY.tab);
    await burst('A=1\nB=2\n');
    await app.until(() => app.store.getState().runForm?.lines.join('|') === 'A=1|B=2|', 'two lines and the empty one');
    await app.press(KEY.escape);
    await app.waitFor('Discard the variables you typed?');
    await app.press('y');
    await app.until(() => topPane(app.store.getState()).kind === 'project', 'back to the project');
  });

  it('a paste while its discard question is open goes to the question, not the form under it', async () => {
    await pipelinesTab();
    await app.press('N');
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    await app.press(KEY.tab);
    await burst('A=1\n');
    await app.until(() => app.store.getState().runForm?.lines.join('|') === 'A=1|', 'one line and the empty one');
    await app.press(KEY.escape);
    await app.waitFor('Discard the variables you typed?');
    await burst('B=2\nC=3\n');
    expect(app.store.getState().runForm?.lines).toEqual(['A=1', '']);
    expect(app.store.getState().confirm?.message).toBe('Discard the variables you typed?');
    await app.press('n');
    await app.until(() => app.store.getState().confirm === null, 'the question gone');
    expect(app.store.getState().runForm?.lines).toEqual(['A=1', '']);
  });

  it('takes good inputs, typed as the project declares them', async () => {
    await pipelinesTab();
    await app.press('N', KEY.tab);
    await burst('input:replicas=3');
    await app.press(KEY.tab);
    await burst('input:regions=[eu-west-1, us-east-1]');
    await app.press(KEY.tab);
    await burst('input:dry_run=true');
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Created pipeline #\d+ for main \(pending\) with 0 variables and 3 inputs/);
    const id = Number(/Created pipeline #(\d+)/.exec(frame)![1]);
    expect(app.sim.world.pipelines.get(id)!.inputs).toMatchObject({ replicas: 3, dry_run: true, regions: ['eu-west-1', 'us-east-1'], environment: 'staging' });
  });

  it('a bad input: GitLab’s message beside its line, every typed line kept, nothing created', async () => {
    await pipelinesTab();
    const before = app.sim.world.pipelines.size;
    await app.press('N', KEY.tab);
    await burst('DEPLOY_TARGET=x');
    await app.press(KEY.tab);
    await burst('input:replicas=three');
    await app.press(KEY.tab);
    await burst('input:colour=blue');
    await app.press(KEY.enter);
    await app.waitFor(/input:replicas=three\s+✖ GitLab: provided value is not a number/);
    expect(app.frame()).toMatch(/input:colour=blue\s+✖ GitLab: not an input this project declares/);
    expect(app.store.getState().runForm!.lines).toEqual(['DEPLOY_TARGET=x', 'input:replicas=three', 'input:colour=blue', '']);
    expect(app.sim.world.pipelines.size).toBe(before);
    // Fixing the line clears GitLab's word on it; the pipeline then runs.
    // The cursor is still on the last line typed (colour): up to replicas.
    await app.press(KEY.up);
    await app.press(...Array(5).fill(KEY.backspace));
    await burst('3');
    await app.press(KEY.down);
    await app.press(...Array(17).fill(KEY.backspace));
    await app.until(() => app.store.getState().runForm?.lines.join('|') === 'DEPLOY_TARGET=x|input:replicas=3|', 'fixed lines');
    expect(app.frame()).not.toContain('provided value is not a number');
    await app.press(KEY.enter);
    await app.waitFor(/Created pipeline #\d+ for main \(pending\) with 1 variable and 1 input/);
  });

  it('a line we can tell is wrong is marked before anything is sent; a bad ref is GitLab’s, beside Ref', async () => {
    await pipelinesTab();
    const posts = () => app.sim.requests.filter((r) => r.method === 'POST' && r.path.includes('/pipeline?')).length;
    const before = posts();
    await app.press('N', KEY.tab);
    await burst('NOT-OK=1');
    await app.waitFor(/NOT-OK=1\s+✖ a key has letters, digits and '_' only/);
    await app.press(KEY.enter);
    await app.waitFor('Not sent: fix the lines marked ✖');
    expect(posts()).toBe(before);
    await app.press(...Array(8).fill(KEY.backspace));
    await app.press(KEY.up, ...Array(4).fill(KEY.backspace));
    await burst('no-such-branch');
    await app.press(KEY.enter);
    await app.waitFor(/no-such-branch\s+✖ GitLab: Reference not found/);
    expect(app.store.getState().runForm!.ref).toBe('no-such-branch');
  });
});

describe('N when GitLab is slow', () => {
  it('Enter pressed again while the pipeline is being created sends nothing more', async () => {
    await pipelinesTab();
    const posts = () => app.sim.requests.filter((r) => r.method === 'POST' && r.path.includes('/pipeline?')).length;
    const before = posts();
    app.sim.faults.add({ kind: 'delay', method: 'POST', path: /\/pipeline$/, delayMs: 400 });
    await app.press('N', KEY.tab);
    await burst('A=1');
    await app.press(KEY.enter, KEY.enter, KEY.enter);
    // The delay applied: the repeated Enters came while the request was slow.
    expect(app.sim.faults.pending).toBe(0);
    expect(app.store.getState().runForm?.submitting).toBe(true);
    await app.waitFor(/Created pipeline #\d+ for main \(pending\) with 1 variable/);
    expect(posts()).toBe(before + 1);
  });
});

describe('p: a manual job with variables', () => {
  async function manualDeploy(): Promise<Job> {
    const gl = app.controller.ctx.gl;
    for (const p of await gl.pipelines.list(projectId, { source: 'push', perPage: 100 }).all()) {
      const job = (await gl.jobs.listForPipeline(projectId, p.id, { scope: 'manual' }).all()).find((j) => j.name === 'deploy:production');
      if (job) return job;
    }
    throw new Error('no manual deploy:production');
  }

  it('asks to confirm naming the environment, then plays with the variable; the log echoes it', async () => {
    const job = await manualDeploy();
    app.store.setState((s) => ({
      stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId, path: DEPLOYER, pipelineId: job.pipeline!.id, view: 'list' } as Pane],
    }));
    await app.waitFor('deploy:production');
    await app.until(() => targetJob(app.controller.ctx, topPane(app.store.getState())) !== undefined, 'a job selected');
    while (targetJob(app.controller.ctx, topPane(app.store.getState()))!.id !== job.id) await app.press('j');
    await app.press('p');
    await app.waitFor(`Play deploy:production (job #${job.id}) → production`);
    await burst('DEPLOY_TARGET=moon-base-1');
    await app.press(KEY.enter);
    await app.waitFor('Play deploy:production → production? [y/N]');
    await app.press('n');
    await app.waitFor('Nothing was changed');
    expect(app.store.getState().runForm!.lines[0]).toBe('DEPLOY_TARGET=moon-base-1');
    await app.press(KEY.enter);
    await app.waitFor('Play deploy:production → production?');
    expect(app.store.getState().confirm).toMatchObject({
      yes: { command: 'job.playConfirmed', args: { variables: [{ key: 'DEPLOY_TARGET', value: 'moon-base-1' }] } },
    });
    // It names what will run, and checks for newer pipelines first (store/confirm-run.ts).
    await app.until(() => !app.store.getState().confirm?.checking, 'the check for newer pipelines');
    expect(app.store.getState().confirm?.about).toContain(`pipeline #${job.pipeline!.id} · ${job.pipeline!.ref} · ${job.commit.short_id}`);
    await app.press('y');
    await app.waitFor(new RegExp(`Started job #${job.id} deploy:production \\(pending\\)`));
    expect(app.store.getState().runForm).toBeNull();
    for (let i = 0; i < 30 && app.sim.world.jobs.get(job.id)!.finishedAt === null; i++) app.advance(60_000);
    const trace = (await app.controller.ctx.gl.jobs.trace(projectId, job.id)) as TraceResult;
    expect(trace.kind === 'unchanged' ? '' : trace.chunk.toString('utf8')).toContain('\nDeploying moon-base-1\n');
  });
});

describe('at 80 columns', () => {
  it('the form fits: title, ref, an entry with GitLab’s message under it when it does not fit beside', async () => {
    const narrow = await startApp({ simulator: app.sim, columns: 80 });
    try {
      narrow.store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId, path: DEPLOYER, tab: 'pipelines' } as Pane] }));
      await narrow.waitFor(/#7000\d\d/);
      await narrow.press('N', KEY.tab);
      await narrow.press('input:replicas=three');
      await narrow.press(KEY.enter);
      const frame = await narrow.waitFor('provided value is not a number');
      for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
      expect(frame).toContain(`New pipeline in ${DEPLOYER}`);
      expect(frame).toContain('input:replicas=three');
      expect(frame).toContain('enter run');
    } finally {
      await narrow.close();
    }
  });
});

// A form sends what it shows: the `N` form must not show `main` as the ref and send the project's
// default_branch with characters the display hid, nor change typed inputs on the way
// (12345678901234567890 going out as 12345678901234567000, `1.10` as `1.1`).
describe('forms send what they show', () => {
  const creates = () => app.sim.requests.filter((r) => r.method === 'POST' && r.path.includes('/pipeline?'));

  it('a default branch holding hidden characters is not prefilled but named, escaped; nothing hidden is sent', async () => {
    await pipelinesTab();
    const hostile = 'main\u001b]0;owned\u0007\u202e\u009b2J';
    app.store.setState((s) => ({ projects: { ...s.projects, [projectId]: { ...s.projects[projectId]!, default_branch: hostile } } }));
    await app.press('N');
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    await app.waitFor(/default branch "main\\u\{1B\}]0;owned\\u\{7\}\\u\{202E\}\\u\{9B\}2J" holds U\+001B/);
    expect(app.store.getState().runForm!.ref).toBe('');
    const frame = app.frame();
    expect(frame).not.toMatch(/[\u001b\u0007\u202e\u009b]/);
    await app.press(KEY.enter);
    await app.waitFor('type a branch or tag');
    expect(creates()).toEqual([]);
    // What is typed is what is sent.
    await burst('main');
    await app.press(KEY.enter);
    const done = await app.waitFor(/Created pipeline #\d+ for main /);
    const id = Number(/Created pipeline #(\d+)/.exec(done)![1]);
    expect(app.sim.world.pipelines.get(id)!.ref).toBe('main');
    expect(creates().map((r) => new URL(r.path, 'http://x').searchParams.get('ref'))).toEqual(['main']);
  });

  it('a pasted bidi override in the ref or a line is refused beside it, not sent', async () => {
    await pipelinesTab();
    await app.press('N');
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    await app.press(...Array(4).fill(KEY.backspace));
    await burst('\x1b[200~ma\u202ein\x1b[201~');
    await app.until(() => app.store.getState().runForm?.ref === 'ma\u202ein', 'the pasted ref');
    await app.press(KEY.enter);
    await app.waitFor('holds a hidden character (U+202E) that is not shown');
    await app.press(...Array(6).fill(KEY.backspace));
    await burst('main');
    await app.press(KEY.tab);
    await burst('\x1b[200~DEPLOY_TARGET=pro\u200bd\x1b[201~');
    await app.press(KEY.enter);
    await app.waitFor('holds a hidden character (U+200B) that is not shown');
    expect(creates()).toEqual([]);
  });

  it('typed inputs keep their text: 1.10 stays "1.10"; an integer beyond 2^53 is never rounded', async () => {
    await pipelinesTab();
    await app.press('N', KEY.tab);
    await burst('input:environment=1.10');
    await app.press(KEY.tab);
    await burst('input:replicas=12345678901234567890');
    await app.press(KEY.enter);
    // replicas is declared a number: GitLab refuses the text, and the line says why it was text.
    await app.waitFor(/GitLab: provided value is not a number \(12345678901234567890 is beyond 2\^53/);
    const sent = creates().at(-1)!;
    expect(sent).toBeDefined();
    expect(app.store.getState().runForm!.lines).toEqual(['input:environment=1.10', 'input:replicas=12345678901234567890', '']);
    // Fixed to a number that fits, the pipeline runs with environment as typed.
    await app.press(...Array(20).fill(KEY.backspace));
    await burst('12');
    await app.press(KEY.enter);
    const done = await app.waitFor(/Created pipeline #\d+ for main \(pending\) with 0 variables and 2 inputs/);
    const id = Number(/Created pipeline #(\d+)/.exec(done)![1]);
    expect(app.sim.world.pipelines.get(id)!.inputs).toMatchObject({ environment: '1.10', replicas: 12 });
  });
});

describe(':new REF', () => {
  it('opens the form on the ref typed, typed whole or a key at a time, and creates the pipeline there', async () => {
    const branch = app.sim.world.projectsByPath.get(DEPLOYER)!.branches.find((b) => b !== 'main')!;
    expect(branch).toBeTruthy();
    for (const typing of ['whole', 'keys'] as const) {
      await pipelinesTab();
      await app.press(':');
      if (typing === 'whole') await app.press(`new ${branch}`);
      else for (const key of `new ${branch}`) await app.press(key);
      await app.press(KEY.enter);
      await app.waitFor(`New pipeline in ${DEPLOYER}`);
      expect(app.frame()).toMatch(new RegExp(`Ref\\s+${branch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
      await app.press(KEY.enter);
      const frame = await app.waitFor(/Created pipeline #\d+ for \S+/);
      const id = Number(/Created pipeline #(\d+)/.exec(frame)![1]);
      expect(frame).toContain(`for ${branch} (`);
      expect(app.sim.world.pipelines.get(id)!.ref).toBe(branch);
    }
  });

  it('takes a Tab-completed ref', async () => {
    const branch = app.sim.world.projectsByPath.get(DEPLOYER)!.branches.find((b) => b !== 'main')!;
    await pipelinesTab();
    await app.press(':');
    await app.press(`new ${branch.slice(0, -1)}`);
    await app.press(KEY.tab);
    await app.until(() => app.store.getState().prompt?.value === `new ${branch} `, 'the ref completed');
    await app.press(KEY.enter);
    await app.waitFor(`New pipeline in ${DEPLOYER}`);
    expect(app.store.getState().runForm?.ref).toBe(branch);
    await app.press(KEY.enter);
    const frame = await app.waitFor(/Created pipeline #\d+ for \S+/);
    expect(frame).toContain(`for ${branch} (`);
  });
});
