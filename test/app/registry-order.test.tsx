// The order of the registry (src/app/features.ts) changes nothing: who answers for a pane, a list,
// a `:` name or a confirm is looked up by owner (src/store/registry.ts), never by asking the features
// in turn. The same walk — Enter, Tab and `o` on a project's pipelines, Enter on a pipeline and on
// its job row, `r` and `c` + `y` on jobs, `:jobs` with and without words, the pulse's moving keys and
// its `/` filter, a paste into the run form — is run with the registry as listed, reversed and
// shuffled, and must leave the same store and say the same things.
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import { FEATURES } from '../../src/app/features.js';
import { targetJob } from '../../src/features/jobs/index.js';
import type { Feature } from '../../src/store/feature.js';
import { topPane } from '../../src/store/store.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** A fixed shuffle (a seeded Fisher–Yates), so a failure reproduces. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The pane in front, without what differs from run to run by nothing the keys did. */
const top = (rig: AppRig): Pane => topPane(rig.store.getState());

async function walk(features: readonly Feature[]): Promise<Record<string, unknown>> {
  const rig = (app = await startApp({ features }));
  const seen: Record<string, unknown> = {};
  await rig.waitFor('acme/api');
  const projectId = [...rig.sim.world.projects.values()].find((p) => p.path === 'api')!.id;
  const toProject = async (tab: string) => {
    rig.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab } as Pane] }));
    await rig.until(() => (top(rig) as { tab?: string }).tab === tab, `the ${tab} tab`);
  };

  // The project's pipelines: `o` opens the selected pipeline's page; Tab and 5 switch tabs in their places.
  await toProject('pipelines');
  await rig.waitFor(/#\d+\s+main/);
  await rig.press('o');
  await rig.until(() => rig.opened.length === 1, 'the page opened');
  // Each run its own simulator, on its own port: the page's path is what counts.
  seen.pipelinePage = new URL(rig.opened[0]!).pathname;
  const tabs: unknown[] = [];
  for (const key of [KEY.tab, KEY.tab, '5', KEY.tab, '1']) {
    await rig.press(key);
    tabs.push((top(rig) as { tab?: string }).tab);
  }
  seen.tabs = tabs;

  // Enter on a pipeline opens it; Enter on its (first failed) job row opens the job, or a trigger job's pipeline.
  await rig.waitFor(/#\d+\s+main/);
  await rig.press(KEY.enter);
  await rig.until(() => top(rig).kind === 'pipeline', 'the pipeline pane');
  seen.pipeline = top(rig);
  await rig.until(() => !rig.controller.holdingKeys, 'keys not held');
  await rig.press(KEY.enter);
  await rig.until(
    () => top(rig).kind !== 'pipeline' || (top(rig) as { pipelineId?: number }).pipelineId !== (seen.pipeline as { pipelineId: number }).pipelineId,
    'Enter on a job row',
  );
  seen.fromJobRow = top(rig).kind;

  // `:jobs` without words inside a project is its Jobs tab; with words, the jobs across projects.
  await toProject('pipelines');
  await rig.press(':');
  await rig.type('jobs\r');
  await rig.until(() => (top(rig) as { tab?: string }).tab === 'jobs', 'the Jobs tab');
  seen.jobsWithoutWords = top(rig);
  await rig.press(':');
  await rig.type('jobs failed\r');
  await rig.until(() => top(rig).kind === 'allJobs', 'the jobs across projects');
  seen.jobsWithWords = rig.store.getState().stack.map((p) => p.kind);

  // `r` on a failed job retries it; `c` on a running one asks, `y` cancels.
  const jobsTab = async (scope: string): Promise<Job> => {
    // From another tab: the poller reads a pane when what it shows changes.
    await toProject('pipelines');
    rig.store.setState((s) => ({
      stack: [...s.stack.slice(0, 1), { kind: 'project', projectId, path: 'acme/api', tab: 'jobs' } as Pane],
      jobScopes: { ...s.jobScopes, [`projectJobs:${projectId}`]: [scope] as Job['status'][] as never },
      lists: { ...s.lists, [`projectJobs:${projectId}`]: undefined as never },
    }));
    await rig.waitFor(new RegExp(`[1-9]\\d*\\+? jobs? · status: ${scope}`));
    return targetJob(rig.controller.ctx, top(rig))!;
  };
  const failed = await jobsTab('failed');
  await rig.press('r');
  const retried = await rig.waitFor(/Retried .*: new job #\d+ is \w+/);
  seen.retried = /Retried .*: new job #\d+ is \w+/.exec(retried)![0].replace(/#\d+/g, '#N');
  seen.retryPosts = rig.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/jobs/${failed.id}/retry`)).length;
  const running = await jobsTab('running');
  await rig.press('c');
  await rig.waitFor(`Cancel job #${running.id}`);
  const confirm = rig.store.getState().confirm!;
  seen.confirm = {
    owner: confirm.yes.owner,
    command: (confirm.yes as { command?: string }).command,
    clones: structuredClone(confirm).message === confirm.message,
  };
  await rig.press('y');
  await rig.waitFor(new RegExp(`Canceled job #${running.id} .*\\(canceled\\)`));
  seen.canceled = rig.store.getState().jobs[running.id]!.status;

  // The pulse: its moving keys move its own cursor, and ↓ in its `/` filter too.
  await rig.press(':');
  await rig.type('pulse\r');
  await rig.until(() => top(rig).kind === 'pulse', 'the pulse');
  const cursor = () => rig.store.getState().pulse.selectedId;
  // No store list: only its takeover moves the cursor (the core's would leave it unset). The rows
  // move as their reads come (attention order), so what counts is that the cursor moved.
  await rig.press('j');
  await rig.until(() => cursor() !== null, 'the cursor moved by j');
  const before = cursor();
  await rig.press('/');
  await rig.press(KEY.down);
  await rig.until(() => cursor() !== before, '↓ in the filter');
  const second = before;
  seen.pulse = { moved: second !== null, filtering: rig.store.getState().filtering };
  await rig.press(KEY.escape);

  // A multi-line paste into the run form: one variable a line.
  await toProject('pipelines');
  await rig.waitFor(/#\d+\s+main/);
  await rig.press('N');
  await rig.waitFor('New pipeline in acme/api');
  await rig.press(KEY.tab);
  await rig.press('\x1b[200~A=1\nB=2\n\x1b[201~');
  await rig.until(() => rig.store.getState().runForm?.lines.join('|') === 'A=1|B=2|', 'two lines and the empty one');
  seen.runForm = rig.store.getState().runForm!.lines;
  await rig.close();
  app = null;
  return seen;
}

describe('the registry order', () => {
  it('changes nothing: reversed and shuffled, the same walk leaves the same results', async () => {
    const listed = await walk(FEATURES);
    expect(listed.pipelinePage).toMatch(/^\/acme\/api\/-\/pipelines\/\d+$/);
    expect(listed.tabs).toEqual(['jobs', 'schedules', 'events', 'environments', 'pipelines']);
    expect(listed.jobsWithWords).toEqual(['projects', 'allJobs']);
    expect(listed.confirm).toEqual({ owner: 'jobs', command: 'job.confirmed', clones: true });
    expect(listed.canceled).toBe('canceled');
    expect(listed.retryPosts).toBe(1);
    expect(listed.runForm).toEqual(['A=1', 'B=2', '']);
    expect(listed.pulse).toEqual({ moved: true, filtering: { kind: 'pulse' } });
    expect(await walk([...FEATURES].reverse())).toEqual(listed);
    expect(await walk(shuffled(FEATURES, 25))).toEqual(listed);
  }, 240_000);
});
