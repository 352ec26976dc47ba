// Details panels a newcomer can read: a value longer than its column is cut at a word
// boundary with '…' and keeps a gap before the next column's label; labels are never cut.
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/index.js';
import type { Pane } from '../../src/store/types.js';
import { displayWidth } from '../../src/text/safe.js';
import { startApp, type AppRig } from '../helpers/app.js';

/** A line as terminal cells: a wide character takes two. */
const cells = (line: string): string[] => [...line].flatMap((ch) => (displayWidth(ch) === 2 ? [ch, ''] : [ch]));

let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

describe.each([
  [80, 24],
  [100, 30],
])('the job details (i) at %i×%i', (columns, rows) => {
  it('cut values at a word, a gap before the right column, whole labels', async () => {
    app = await startApp({ columns, rows });
    await app.waitFor('acme/api');
    const projectId = [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!.id;
    // A finished job whose commit title does not fit half the screen.
    const target = [...app.sim.world.jobs.values()].find((j) => j.projectId === projectId && j.status === 'failed' && !j.trigger)!;
    const job = (await app.controller.ctx.gl.jobs.get(projectId, target.id)) as Job;
    const long = `${job.commit.short_id} ${job.commit.title} and a few more words to be sure it does not fit`;
    app.store.setState((s) => ({
      jobs: { ...s.jobs, [job.id]: { ...job, commit: { ...job.commit, title: `${job.commit.title} and a few more words to be sure it does not fit` } } },
      stack: [...s.stack, { kind: 'job', projectId, path: 'acme/api', jobId: job.id } as Pane],
    }));
    await app.waitFor(`#${job.id} ${job.name}`);
    await app.press('i');
    await app.waitFor('Allow failure  ');
    const lines = app.frame().split('\n');
    const half = Math.floor(columns / 2);
    const commit = lines.find((l) => l.startsWith('Commit'))!;
    const shown = /^Commit\s+(.*?…)\s/.exec(commit)![1]!;
    // Cut after a whole word of the value.
    expect(long.startsWith(shown.slice(0, -1))).toBe(true);
    expect(long[shown.length - 1]).toBe(' ');
    // A gap of at least two cells before the right column's label.
    for (const line of lines.slice(1, 11)) {
      if (cells(line).length <= half) continue;
      expect(
        cells(line)
          .slice(half - 2, half)
          .join(''),
        line,
      ).toBe('  ');
    }
    expect(app.frame()).toMatch(/Allow failure {2}(yes|no)/);
  });
});
