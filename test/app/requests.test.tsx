// `:requests`: the request log — every request the app made, newest first, filterable, and `y` copies
// one as a curl command in which the token never appears.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

it('lists the reads behind the panes, newest first, with status, bytes, time and try', async () => {
  // Open acme/api's pipelines, so its pipeline list is the newest read.
  await app.press('/');
  await app.type('acme/api');
  await app.press(KEY.enter, KEY.enter);
  await app.waitFor(/#\d+/);
  const project = app.sim.world.projectsByPath.get('acme/api')!;
  const made = app.store.getState().requestLog;
  expect(made.length).toBeGreaterThan(1);
  await app.palette('requests');
  const frame = await app.waitFor('Requests');
  expect(topPane(app.store.getState())).toEqual({ kind: 'requests' });
  expect(frame).toMatch(/At\s+Method\s+Status\s+Path/);
  expect(frame).toMatch(/\d\d:\d\d:\d\d\s+GET\s+200/);
  // Newest first: the project's pipeline list sits above the who-am-I the app started with.
  const lines = frame.split('\n');
  const pipelinesRow = lines.findIndex((l) => l.includes(`/projects/${project.id}/pipelines`));
  const userRow = lines.findIndex((l) => /GET\s+200\s+\/user\b/.test(l));
  expect(pipelinesRow).toBeGreaterThan(-1);
  expect(userRow).toBeGreaterThan(pipelinesRow);
  expect(lines[pipelinesRow]).toMatch(/GET\s+200\s+\/projects\/\d+\/pipelines\S*\s+\d+(\.\d)? (B|KiB)\s+\d+ ms/);
  // The log holds what the client reported, one record per attempt, numbered in order.
  const ids = app.store.getState().requestLog.map((r) => r.id);
  expect(ids).toEqual(ids.map((_, i) => i + 1));
});

it('/ filters the log, and y copies the selected request as curl without the token', async () => {
  await app.palette('requests');
  await app.waitFor('Requests');
  await app.press('/');
  await app.type('/user');
  await app.press(KEY.enter);
  const frame = await app.waitFor(/GET\s+200\s+\/user/);
  expect(frame).not.toMatch(/\/projects\?/);
  await app.press('y');
  await app.until(() => app.copied.length === 1, 'a copy');
  const [curl] = app.copied;
  expect(curl).toBe(`curl --header "PRIVATE-TOKEN: $GITLAB_TOKEN" '${app.sim.url}/api/v4/user'`);
  expect(curl).not.toContain('demo-user-token');
  await app.waitFor('$GITLAB_TOKEN stands for the token');
});

it('shows a 304 as an unchanged answer', async () => {
  // R re-reads the project list with its ETag: the simulator answers 304.
  await app.press('R');
  await app.until(() => app.store.getState().requestLog.some((r) => r.status === 304), 'a 304');
  await app.palette('requests');
  await app.waitFor(/304 same/);
});

it('Enter opens the pane of what a request read, and o its web page', async () => {
  await app.palette('project acme/api');
  await app.waitFor(/#\d+\s+main/);
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'pipeline', 'the pipeline pane');
  const pane = topPane(app.store.getState()) as { pipelineId: number; projectId: number };
  await app.until(() => app.store.getState().pipelines[pane.pipelineId] !== undefined, 'the pipeline');
  const pipeline = app.store.getState().pipelines[pane.pipelineId]!;
  await app.palette('requests');
  await app.waitFor('Requests');
  // The pipeline's own read, alone after the filter.
  await app.press('/');
  await app.type(`/projects/${pane.projectId}/pipelines/${pane.pipelineId} `);
  await app.press(KEY.enter);
  await app.waitFor(/of \d+ requests matching/);
  await app.press('o');
  await app.until(() => app.opened.length === 1, 'the page opened');
  expect(app.opened[0]).toBe(pipeline.web_url);
  await app.press(KEY.enter);
  await app.until(() => topPane(app.store.getState()).kind === 'pipeline', 'the pipeline pane again');
  expect(topPane(app.store.getState())).toMatchObject({ kind: 'pipeline', pipelineId: pane.pipelineId, path: 'acme/api' });
  // A read of nothing with a pane (who am I) says so.
  await app.palette('requests');
  await app.waitFor('Requests');
  await app.press('/', '\u0015');
  await app.type('/user ');
  await app.press(KEY.enter);
  await app.press(KEY.enter);
  await app.waitFor('This request read nothing pipetop has a pane for');
  expect(topPane(app.store.getState()).kind).toBe('requests');
});
