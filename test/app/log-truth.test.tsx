// The job log tells the truth: a search keeps up with a running log, Z Z keeps the
// cursor's line, W wraps into rows that never overlap with continuation rows indented, shrinking
// the terminal while following keeps the tail, and t on a log without times says there are none.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SimJob } from '../../src/sim/model.js';
import type { Pane } from '../../src/store/types.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { simProject } from '../helpers/sim.js';

let app: AppRig;
const project = (path: string) => simProject(app.sim, path);

// Each test its own app (100×24) and world: following a log moves the world's clock.
beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

/** Opens the newest job of `path` matching `pick` (not retried, not erased). */
function openJob(path: string, pick: (j: SimJob) => boolean): SimJob {
  const p = project(path);
  const ids = app.sim.world.projectJobs.get(p.id)!;
  for (let i = ids.length - 1; i >= 0; i--) {
    const j = app.sim.world.jobs.get(ids[i]!)!;
    if (!j.retried && j.erasedAt === null && !j.trigger && pick(j)) {
      app.store.setState((s) => ({ stack: [...s.stack.slice(0, 1), { kind: 'job', projectId: p.id, path, jobId: j.id } as Pane] }));
      return j;
    }
  }
  throw new Error(`no such job in ${path}`);
}

const view = (jobId: number) => app.store.getState().logViews[jobId]!;
const model = (jobId: number) => app.controller.ctx.logs!.model(jobId)!;

it('a search made on a running log finds the lines that arrive later: the count, the mark and n', async () => {
  const job = openJob('acme/web', (j) => j.status === 'running');
  await app.waitFor(/following/);
  await app.until(() => (view(job.id)?.lines ?? 0) > 0, 'the first lines');
  // The runner's last line comes only when the job ends.
  await app.press('/');
  await app.waitFor('Search the log:');
  await app.type('/Job (succeeded|failed)/');
  await app.press(KEY.enter);
  await app.waitFor('"/Job (succeeded|failed)/" no match');
  for (let i = 0; i < 60 && app.sim.world.jobs.get(job.id)!.status === 'running'; i++) {
    app.advance(60_000);
    await app.controller.refresh();
  }
  expect(app.sim.world.jobs.get(job.id)!.status).not.toBe('running');
  await app.controller.refresh();
  await app.until(() => (view(job.id).search?.matches.length ?? 0) === 1, 'the late line found');
  await app.waitFor('"/Job (succeeded|failed)/" 1/1');
  const line = view(job.id).search!.matches[0]!;
  expect(model(job.id).line(line).text).toMatch(/Job (succeeded|failed)/);
  // n goes to it, and the row carries the current-match mark.
  await app.press('n');
  await app.until(() => model(job.id).visibleLine(view(job.id).cursor) === line, 'the cursor on the late match');
  await app.waitFor(/^▶ .*Job (succeeded|failed)/m);
});

it('Z Z brings the cursor back to the very line it was on', async () => {
  const job = openJob('acme/api', (j) => j.status === 'failed' && j.name === 'test:unit');
  await app.waitFor(/ERROR: Job failed: exit code 1/);
  await app.press('F');
  await app.until(() => !view(job.id).follow, 'the cursor on the failure');
  const line = model(job.id).visibleLine(view(job.id).cursor);
  expect(model(job.id).line(line).section).not.toBeUndefined();
  await app.press('Z');
  await app.until(() => model(job.id).visibleCount < model(job.id).lineCount, 'everything folded');
  await app.press('Z');
  await app.until(
    () =>
      model(job.id).visibleCount === model(job.id).lineCount ||
      model(job.id)
        .sections()
        .every((s) => !model(job.id).isFolded(s.id)),
    'everything unfolded',
  );
  expect(model(job.id).visibleLine(view(job.id).cursor)).toBe(line);
  await app.waitFor(new RegExp(`^› ${escape(model(job.id).line(line).text.slice(0, 30))}`, 'm'));
});

it('W wraps a long line into rows of its own, continuation rows indented past the gutter', async () => {
  const job = openJob('acme/api', (j) => j.status === 'failed' && j.name === 'test:unit');
  await app.waitFor(/ERROR: Job failed: exit code 1/);
  app.resize(60, 24);
  const m = model(job.id);
  let long = -1;
  for (let i = 0; i < m.lineCount && long < 0; i++) {
    const l = m.line(i);
    if (l.header === undefined && l.text.length > 80 && l.text.length < 110 && /^[\x20-\x7e]+$/.test(l.text)) long = i;
  }
  expect(long).toBeGreaterThanOrEqual(0);
  const text = m.line(long).text;
  app.controller.ctx.logs!.reveal(job.id, long);
  await app.press('W');
  await app.until(() => view(job.id).wrap, 'wrap on');
  // Row 1: the gutter and 58 cells of text; row 2: two blank cells, then the next 58.
  const first = text.slice(0, 58);
  const second = text.slice(58, 116);
  const plain = () => app.frame().replace(/\u001B\[[0-9;]*m/g, '');
  await app.until(
    () =>
      plain()
        .split('\n')
        .some((r) => r.trimEnd() === `  ${second}`),
    'the continuation row',
  );
  const rows = plain().split('\n');
  const at = rows.findIndex((r) => r.trimEnd() === `  ${second}`);
  expect(rows[at - 1]!.slice(2)).toBe(first);
  // No row is two rows drawn over each other: each log row on screen is a piece of one line (or a
  // section's title), wherever the cursor takes the window.
  const texts = [...Array.from({ length: m.lineCount }, (_, i) => m.line(i).text), ...m.sections().map((x) => x.header ?? x.name)];
  const check = () => {
    const shown = plain().split('\n');
    const status = shown.findIndex((r) => /^[\d,]+ lines · /.test(r));
    expect(status).toBeGreaterThan(3);
    for (const row of shown.slice(3, status)) {
      const piece = row
        .slice(2)
        .trim()
        .replace(/^[▸▾] /, '')
        .replace(/( \d+[hms])+$/, '')
        .replace(/ ?…$/, '');
      if (piece)
        expect(
          texts.some((t) => t.includes(piece)),
          `"${row}" is a piece of a log line\n${shown.join('\n')}`,
        ).toBe(true);
    }
  };
  check();
  for (let i = 0; i < 12; i++) {
    await app.press('j');
    check();
  }
  // Narrower, more lines wrap and the last one on screen rarely fits whole.
  app.resize(40, 24);
  for (let i = 0; i < 12; i++) {
    await app.press('j');
    check();
  }
  // Nothing drawn over anything: the frame is still 24 rows.
  expect(rows.length).toBeLessThanOrEqual(24);
});

it('shrinking the terminal while following keeps the tail on screen', async () => {
  const job = openJob('acme/web', (j) => j.status === 'running');
  await app.waitFor(/following/);
  for (let i = 0; i < 30 && (view(job.id)?.lines ?? 0) <= 30; i++) {
    app.advance(20_000);
    await app.controller.refresh();
  }
  await app.until(() => (view(job.id)?.lines ?? 0) > 30, 'a screenful of log');
  const m = model(job.id);
  const lastText = () => {
    for (let row = m.visibleCount - 1; row >= 0; row--) {
      const text = m.line(m.visibleLine(row)).text.trim();
      if (text) return text.slice(0, 40);
    }
    return '';
  };
  await app.waitFor(lastText());
  app.resize(100, 14);
  await app.until(() => app.frame().split('\n').length <= 14, 'the smaller frame');
  await app.waitFor(lastText());
  expect(view(job.id).follow).toBe(true);
});

it('t on a log without timestamps says there are none', async () => {
  const job = openJob('acme/api', (j) => j.status === 'failed' && j.name === 'test:unit');
  await app.waitFor(/ERROR: Job failed: exit code 1/);
  await app.press('t');
  await app.waitFor('This log has no timestamps');
  expect(view(job.id).timestamps).toBe(false);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
