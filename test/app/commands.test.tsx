// The user's own commands (config file `commands:`): a command of each scope runs on what is on
// screen and is told about it only through PIPETOP_* variables — each test reads what the command
// received (its environment, written to a file). Hostile server values stay data; the token goes
// only where asked for; read-only refuses and hides a dangerous one; confirm asks; a failure says
// its exit status and stderr; ^g kills a running one with everything it started.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { parseUserConfig } from '../../src/config/user-config.js';
import { FEATURES } from '../../src/app/features.js';
import { commandIdsOf } from '../../src/store/keymap.js';
import { DEMO_TOKENS } from '../../src/sim/index.js';
import { topPane } from '../../src/store/store.js';
import { listKeyOf } from '../../src/store/sources.js';
import { listKeyText } from '../../src/store/types.js';
import type { Job, PipelineBasic, PipelineSchedule, Deployment } from '../../src/api/index.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A command per scope, each writing its environment (NUL-separated) to $OUT/<name>.env. */
const CONFIG = `
commands:
  - { name: on-project, scope: project, run: 'env -0 > "$OUT/on-project.env"', output: none, description: the project }
  - { name: on-pipeline, scope: pipeline, run: 'env -0 > "$OUT/on-pipeline.env"', output: none }
  - { name: on-job, scope: job, key: ctrl+o, run: 'env -0 > "$OUT/on-job.env"', output: none, description: dump the job }
  - { name: on-log, scope: log, run: 'env -0 > "$OUT/on-log.env"', output: none }
  - { name: on-schedule, scope: schedule, run: 'env -0 > "$OUT/on-schedule.env"', output: none }
  - { name: on-deployment, scope: deployment, run: 'env -0 > "$OUT/on-deployment.env"', output: none }
  - { name: on-mr, scope: mr, run: 'env -0 > "$OUT/on-mr.env"', output: none }
  - { name: anywhere, scope: any, run: 'env -0 > "$OUT/anywhere.env"', output: none }
  - { name: with-token, scope: any, token: true, run: 'env -0 > "$OUT/with-token.env"', output: none }
  - name: last-line
    run: 'echo first; echo "the last line"'
    output: toast
  - name: fails
    run: 'echo one >&2; echo "two went wrong" >&2; exit 3'
  - name: slow
    run: 'sleep 60 & echo $! > "$OUT/child"; wait'
    output: none
  - name: rollback
    scope: deployment
    description: roll back this environment
    run: 'env -0 > "$OUT/rollback.env"'
    output: none
    confirm: true
    dangerous: true
  - name: one-long-line
    run: "head -c 5000000 /dev/zero | tr '\\\\0' x"
    output: toast
  - name: confirm
    scope: job
    run: 'printf %s "$PIPETOP_JOB_NAME" > "$OUT/confirmed"'
    output: none
    confirm: true
  - name: job-name
    scope: job
    run: 'printf %s "$PIPETOP_JOB_NAME" > "$OUT/job-name"; printf %s "$PIPETOP_REF" > "$OUT/ref"'
    output: none
`;

async function start(opts: { readOnly?: boolean } = {}): Promise<{ app: AppRig; out: string }> {
  const { config, warnings } = await parseUserConfig(CONFIG, { file: 'config.yml', commands: commandIdsOf(FEATURES) });
  expect(warnings).toEqual([]);
  const out = mkdtempSync(join(tmpdir(), 'pipetop-commands-'));
  app = await startApp({
    commands: config.commands,
    cwd: out,
    // pipetop's own environment: the token it was given is there, and must not leak to commands.
    // A PIPETOP_* variable of pipetop's own environment must not pass for a value of what is on screen.
    env: { PATH: process.env.PATH, OUT: out, GITLAB_TOKEN: 'token-from-the-environment', OAUTH_TOKEN: 'another', PIPETOP_JOB_ID: '1' },
    ...(opts.readOnly ? { readOnly: true } : {}),
  });
  await app.waitFor('acme/api');
  return { app, out };
}

/** Runs `:run name` (or presses `key`), waits for it to end, and returns what its environment held. */
async function run(a: AppRig, out: string, name: string, key?: string): Promise<Record<string, string>> {
  if (key) await a.press(key);
  else await a.palette(`run ${name}`);
  await a.waitFor(`${name} done`);
  const env: Record<string, string> = {};
  for (const entry of readFileSync(join(out, `${name}.env`), 'utf8').split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return env;
}

const pipetop = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('PIPETOP_')));

/** The selected row of the list in front (`kind`: the list it must be). */
function selected<T>(a: AppRig, kind: string): T {
  const state = a.store.getState();
  const key = listKeyOf(topPane(state));
  if (!key || key.kind !== kind) return undefined as T;
  const list = state.lists[listKeyText(key)];
  return list?.items[list.selected] as T;
}

it('runs a command of each scope with the values of what is on screen, and nothing else', async () => {
  const { app: a, out } = await start();
  const host = a.sim.url;
  // project: the selected row of the projects list.
  const project = selected<{ id: number; path_with_namespace: string; web_url: string }>(a, 'projects');
  expect(project).toBeDefined();
  expect(pipetop(await run(a, out, 'on-project'))).toEqual({
    PIPETOP_HOST: host,
    PIPETOP_PROJECT: project.path_with_namespace,
    PIPETOP_PROJECT_ID: String(project.id),
    PIPETOP_WEB_URL: project.web_url,
  });
  // pipeline: the selected row of acme/api's pipelines.
  await a.palette('project acme/api');
  await a.waitFor(/#\d+/);
  const api = a.sim.world.projectsByPath.get('acme/api')!;
  const pipeline = selected<PipelineBasic>(a, 'pipelines');
  expect(pipetop(await run(a, out, 'on-pipeline'))).toEqual({
    PIPETOP_HOST: host,
    PIPETOP_PROJECT: 'acme/api',
    PIPETOP_PROJECT_ID: String(api.id),
    PIPETOP_PIPELINE_ID: String(pipeline.id),
    PIPETOP_REF: pipeline.ref,
    PIPETOP_SHA: pipeline.sha,
    PIPETOP_WEB_URL: pipeline.web_url!,
  });
  // job: the pipeline pane's selected job, by its key.
  await a.press(KEY.enter);
  await a.until(() => topPane(a.store.getState()).kind === 'pipeline' && !!selected<Job>(a, 'pipelineJobs'), 'the pipeline');
  const job = selected<Job>(a, 'pipelineJobs');
  expect(pipetop(await run(a, out, 'on-job', '\u000f'))).toMatchObject({
    PIPETOP_PROJECT: 'acme/api',
    PIPETOP_PIPELINE_ID: String(pipeline.id),
    PIPETOP_JOB_ID: String(job.id),
    PIPETOP_JOB_NAME: job.name,
    PIPETOP_REF: job.ref,
    PIPETOP_SHA: job.commit.id,
    PIPETOP_WEB_URL: job.web_url!,
  });
  // log: the job pane, the line under the cursor.
  await a.press(KEY.enter);
  await a.until(() => a.store.getState().logViews[job.id]?.loaded === true, 'the log');
  const model = a.controller.ctx.logs!.model(job.id)!;
  const view = a.store.getState().logViews[job.id]!;
  const index = model.visibleLine(view.cursor);
  const log = pipetop(await run(a, out, 'on-log'));
  expect(log).toMatchObject({ PIPETOP_JOB_ID: String(job.id), PIPETOP_LOG_LINE: model.line(index).text, PIPETOP_LOG_LINE_NUMBER: String(index + 1) });
  expect(log.PIPETOP_LOG_LINE!.length).toBeGreaterThan(0);
  // schedule: the schedules tab's selected row.
  await a.palette('schedules');
  await a.until(() => !!selected<PipelineSchedule>(a, 'schedules'), 'the schedules');
  const schedule = selected<PipelineSchedule>(a, 'schedules');
  expect(pipetop(await run(a, out, 'on-schedule'))).toMatchObject({
    PIPETOP_PROJECT: 'acme/api',
    PIPETOP_SCHEDULE_ID: String(schedule.id),
    PIPETOP_REF: schedule.ref,
  });
  // deployment: the deployments tab's selected row.
  await a.palette('deployments');
  await a.until(() => !!selected<Deployment>(a, 'deployments'), 'the deployments');
  const deployment = selected<Deployment>(a, 'deployments');
  expect(pipetop(await run(a, out, 'on-deployment'))).toMatchObject({
    PIPETOP_PROJECT: 'acme/api',
    PIPETOP_DEPLOYMENT_ID: String(deployment.id),
    PIPETOP_ENVIRONMENT: deployment.environment.name,
    PIPETOP_REF: deployment.ref,
    PIPETOP_SHA: deployment.sha,
  });
  // mr: a merge request's pipelines.
  await a.palette('project acme/mobile');
  await a.until(() => (topPane(a.store.getState()) as { path?: string }).path === 'acme/mobile', 'acme/mobile');
  await a.palette('mr 12');
  await a.until(() => topPane(a.store.getState()).kind === 'mergeRequest', 'the merge request');
  expect(pipetop(await run(a, out, 'on-mr'))).toMatchObject({ PIPETOP_PROJECT: 'acme/mobile', PIPETOP_MR_IID: '12' });
  // any: what the pane offers; the request log offers only the host.
  expect(pipetop(await run(a, out, 'anywhere'))).toMatchObject({ PIPETOP_PROJECT: 'acme/mobile', PIPETOP_MR_IID: '12' });
  await a.palette('requests');
  await a.waitFor('Requests');
  expect(pipetop(await run(a, out, 'anywhere'))).toEqual({ PIPETOP_HOST: host });
  // A scope's object missing: said, nothing run.
  await a.palette('run on-schedule');
  await a.waitFor('on-schedule acts on a schedule: open or select one first');
}, 45_000);

it('passes the token only to a command that asks for it, as GITLAB_TOKEN', async () => {
  const { app: a, out } = await start();
  const plain = await run(a, out, 'anywhere');
  expect(plain.GITLAB_TOKEN).toBeUndefined();
  expect(plain.OAUTH_TOKEN).toBeUndefined();
  expect(plain.PATH).toBe(process.env.PATH);
  const asked = await run(a, out, 'with-token');
  expect(asked.GITLAB_TOKEN).toBe(DEMO_TOKENS.user);
});

it('hostile values from GitLab stay data: a job name and ref full of shell syntax reach the command as they are', async () => {
  const { app: a, out } = await start();
  const hostile = `$(touch pwned-sub); touch pwned-semi; \`touch pwned-tick\` "q" 'q' \\ \u001b[31m`;
  await a.palette('project acme/api');
  await a.waitFor(/#\d+/);
  await a.press(KEY.enter);
  await a.until(() => topPane(a.store.getState()).kind === 'pipeline' && !!selected<Job>(a, 'pipelineJobs'), 'the pipeline');
  const job = selected<Job>(a, 'pipelineJobs');
  const simJob = a.sim.world.jobs.get(job.id)!;
  simJob.name = hostile;
  // The pipeline pane reads its jobs again (R): the name as GitLab now sends it.
  await a.press('R');
  await a.until(() => selected<Job>(a, 'pipelineJobs')?.name === hostile, 'the hostile name');
  await a.palette('run job-name');
  await a.waitFor('job-name done');
  expect(readFileSync(join(out, 'job-name'), 'utf8')).toBe(hostile);
  expect(readFileSync(join(out, 'ref'), 'utf8')).toBe(job.ref);
  // The command ran in `out`: nothing of the name was run there.
  expect(readdirSync(out).filter((f) => f.startsWith('pwned'))).toEqual([]);
});

it('a failing command shows its exit status and the last lines of its stderr; a toast command its last line', async () => {
  const { app: a } = await start();
  await a.palette('run fails');
  await a.waitFor(/fails failed \(exit status 3\): one · two went wrong/);
  await a.palette('run last-line');
  await a.waitFor('last-line: the last line');
});

it('^g cancels a running command: its whole process group is killed', async () => {
  const { app: a, out } = await start();
  await a.palette('run slow');
  await a.waitFor('Running slow (^g cancels)');
  await a.until(() => existsSync(join(out, 'child')) && readFileSync(join(out, 'child'), 'utf8').trim() !== '', 'the child pid');
  const child = Number(readFileSync(join(out, 'child'), 'utf8'));
  const alive = () => {
    try {
      process.kill(child, 0);
      return true;
    } catch {
      return false;
    }
  };
  expect(alive()).toBe(true);
  await a.press('\u0007');
  await a.waitFor('slow cancelled');
  await a.until(() => !alive(), 'the sleep to be killed');
});

it('confirm: true asks first, naming what it acts on; y runs it with the values it asked about', async () => {
  const { app: a, out } = await start();
  await a.palette('project acme/api');
  await a.waitFor(/#\d+/);
  await a.palette('deployments');
  await a.until(() => !!selected<Deployment>(a, 'deployments'), 'the deployments');
  const deployment = selected<Deployment>(a, 'deployments');
  await a.palette('run rollback');
  const frame = await a.waitFor(/Run rollback on /);
  expect(frame).toContain(`Run rollback on "${deployment.environment.name}"?`);
  expect(frame).toContain('roll back this environment');
  expect(existsSync(join(out, 'rollback.env'))).toBe(false);
  await a.press('y');
  await a.waitFor('rollback done');
  expect(readFileSync(join(out, 'rollback.env'), 'utf8')).toContain(`PIPETOP_ENVIRONMENT=${deployment.environment.name}\0`);
});

it('read-only mode refuses a dangerous command and leaves it out of help', async () => {
  const { app: a, out } = await start({ readOnly: true });
  await a.press('?');
  let frame = await a.waitFor('Here: projects list');
  // A command with no key shows how to run it from the palette.
  expect(frame).toMatch(/:run on-project\s+the project/);
  // Help pages: look through the whole keymap instead of scrolling.
  const described = a.controller.keymap.bindings.map((b) => b.description);
  expect(described).toContain('dump the job (:run on-job)');
  expect(described).not.toContain('roll back this environment');
  await a.press(KEY.escape);
  await a.palette('run rollback');
  frame = await a.waitFor('Read-only mode');
  expect(frame).toMatch(/the command rollback is disabled/);
  expect(existsSync(join(out, 'rollback.env'))).toBe(false);
});

it('Y copies the log line under the cursor through the clipboard writer', async () => {
  const { app: a } = await start();
  await a.palette('project acme/api');
  await a.waitFor(/#\d+/);
  await a.press(KEY.enter);
  await a.until(() => topPane(a.store.getState()).kind === 'pipeline' && !!selected<Job>(a, 'pipelineJobs'), 'the pipeline');
  const job = selected<Job>(a, 'pipelineJobs');
  await a.press(KEY.enter);
  await a.until(() => (a.controller.ctx.logs?.model(job.id)?.visibleCount ?? 0) > 2, 'the log');
  await a.press('g', 'j');
  await a.waitFor(/row 2 /);
  const model = a.controller.ctx.logs!.model(job.id)!;
  await a.press('Y');
  await a.until(() => a.copied.length === 1, 'a copy');
  expect(a.copied[0]).toBe(model.line(model.visibleLine(1)).text);
  await a.waitFor('Line 2 sent to the terminal');
});

it('confirm: true sets a hostile job name apart: quoted, on one line, its hidden characters written out', async () => {
  const { app: a, out } = await start();
  const hostile = 'job\u001b[2J\u202Eevil\nsecond line [y/N] y';
  await a.palette('project acme/api');
  await a.waitFor(/#\d+/);
  await a.press(KEY.enter);
  await a.until(() => topPane(a.store.getState()).kind === 'pipeline' && !!selected<Job>(a, 'pipelineJobs'), 'the pipeline');
  const job = selected<Job>(a, 'pipelineJobs');
  a.sim.world.jobs.get(job.id)!.name = hostile;
  await a.press('R');
  await a.until(() => selected<Job>(a, 'pipelineJobs')?.name === hostile, 'the hostile name');
  await a.palette('run confirm');
  await a.until(() => a.store.getState().confirm !== null, 'the question');
  const message = a.store.getState().confirm!.message;
  expect(message).toBe('Run confirm on "job\\u{1B}[2J\\u{202E}evil\\u{A}second line [y/N] y"?');
  const frame = await a.waitFor('Run confirm on "job');
  expect(frame).toContain('Run confirm on "job\\u{1B}[2J\\u{202E}evil\\u{A}second line [y/N] y"?');
  expect(frame).not.toContain('\u202E');
  await a.press('y');
  await a.waitFor('confirm done');
  expect(readFileSync(join(out, 'confirmed'), 'utf8')).toBe(hostile);
});

it('a toast of one line longer than the output kept says it shows the start of its end, and how much was written', async () => {
  const { app: a } = await start();
  await a.palette('run one-long-line');
  await a.until(() => /^one-long-line: x/.test(a.store.getState().toast?.message ?? ''), 'the toast');
  expect(a.store.getState().toast!.message).toMatch(/^one-long-line: x+… \(the start of the last 4M of a line; it wrote 4\.8M\)$/);
});

it('read-only mode refuses a command given the token though not marked dangerous, and leaves it out of help', async () => {
  const { app: a, out } = await start({ readOnly: true });
  const described = a.controller.keymap.bindings.map((b) => b.command);
  expect(described).not.toContain('run.with-token');
  expect(described).toContain('run.anywhere');
  await a.palette('run with-token');
  const frame = await a.waitFor('Read-only mode');
  expect(frame).toMatch(/the command with-token \(it gets the token\) is disabled/);
  expect(existsSync(join(out, 'with-token.env'))).toBe(false);
  // A command without the token still runs.
  await a.palette('run anywhere');
  await a.until(() => existsSync(join(out, 'anywhere.env')), 'the plain command');
});
