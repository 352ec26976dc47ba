// `pipetop watch` keeps the TUI's page budget (src/lib/budgets.ts pagedPollDelay): on a 50,000-job
// pipeline it read all 500 job pages every round, 3,000 pages a minute. A stub server counts the
// page reads; the clock is the test's (each wait moves it), so no time passes for real.
import { describe, expect, it } from 'vitest';
import { createGitLab } from '../../src/api/index.js';
import { PAGES_PER_ACTIVE_POLL, pagedPollDelay, pagedReadDue } from '../../src/lib/budgets.js';
import { Stopped, watchLoop } from '../../src/watch/poll.js';

// GitLab's shapes, as the decoders want them (src/api/decoders.ts).
const USER = { id: 1, username: 'alice', name: 'Alice', state: 'active', avatar_url: null, web_url: 'http://x/alice' };
const COMMIT = { id: 'a', short_id: 'a', title: 'Change' };
import { json, servePerTest } from '../api/test-server.js';

const serve = servePerTest();

const JOBS = 50_000;
const PAGES = JOBS / 100;
const INTERVAL_MS = 3_000;

describe('pagedPollDelay: the one page back-off', () => {
  it('is the base wait up to 10 pages, then grows in proportion', () => {
    expect(PAGES_PER_ACTIVE_POLL).toBe(10);
    expect(pagedPollDelay(3_000, 0)).toBe(3_000);
    expect(pagedPollDelay(3_000, 10)).toBe(3_000);
    expect(pagedPollDelay(3_000, 11)).toBe(3_300);
    expect(pagedPollDelay(3_000, 500)).toBe(150_000);
    expect(pagedReadDue(0, 3_000, 10)).toBe(true);
    expect(pagedReadDue(149_999, 3_000, 500)).toBe(false);
    expect(pagedReadDue(150_000, 3_000, 500)).toBe(true);
  });
});

describe('pipetop watch on a 50,000-job running pipeline', () => {
  it('reads at most 10 job pages per 3 s round on average (200 a minute), not every page every round', async () => {
    const minutes = 5;
    // Pages per minute the budget allows at a 3 s interval, plus the first full read.
    const bound = PAGES + minutes * ((PAGES_PER_ACTIVE_POLL * 60_000) / INTERVAL_MS);
    const stop = new AbortController();
    let now = 0;
    let pipelineReads = 0;
    let pageReads = 0;
    const s = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/v4/projects/1/pipelines/7') {
        pipelineReads++;
        // Running, and changed on every read (a job started or ended somewhere).
        return json(res, 200, {
          id: 7,
          iid: 1,
          project_id: 1,
          status: 'running',
          ref: 'main',
          sha: 'a',
          updated_at: new Date(now).toISOString(),
          user: USER,
          web_url: 'http://x/g/p/-/pipelines/7',
        });
      }
      if (url.pathname === '/api/v4/projects/1/pipelines/7/jobs') {
        pageReads++;
        // Fail fast without the budget: no need to serve 100,000 pages to see it broken.
        if (pageReads > bound) stop.abort();
        const page = Number(url.searchParams.get('page') ?? '1');
        const jobs = Array.from({ length: 100 }, (_, i) => {
          const id = (page - 1) * 100 + i + 1;
          return {
            id,
            name: `job ${id}`,
            stage: 'test',
            ref: 'main',
            status: id % 7 === 0 ? 'running' : 'pending',
            pipeline: { id: 7, project_id: 1 },
            commit: COMMIT,
          };
        });
        return json(res, 200, jobs, page < PAGES ? { 'x-next-page': String(page + 1) } : { 'x-next-page': '' });
      }
      if (url.pathname === '/api/v4/projects/1/pipelines/7/bridges') return json(res, 200, []);
      return json(res, 404, { message: '404 Not Found' });
    });
    const gl = createGitLab({ baseUrl: s.url, token: 't' });
    const rounds: number[] = [];
    const result = await watchLoop({
      gl,
      projectId: 1,
      pipelineId: 7,
      intervalMs: INTERVAL_MS,
      jobsEveryMs: INTERVAL_MS * 3,
      giveUpMs: 60_000,
      now: () => now,
      sleep: async (ms) => {
        now += ms;
        if (now >= minutes * 60_000) stop.abort();
      },
      signal: stop.signal,
      onSnapshot: (snap) => rounds.push(snap.jobs.length),
    }).then(
      () => 'ended',
      (e: unknown) => (e instanceof Stopped ? 'stopped' : e),
    );
    expect(result).toBe('stopped');
    // The pipeline itself is still read every round: only the job pages wait.
    expect(pipelineReads).toBe((minutes * 60_000) / INTERVAL_MS);
    expect(rounds.every((n) => n === JOBS)).toBe(true);
    expect(pageReads).toBeLessThanOrEqual(bound);
    // Reads at 0 s, then each time 150 s have passed since the last read ended.
    expect(pageReads).toBe(PAGES * Math.ceil((minutes * 60_000) / pagedPollDelay(INTERVAL_MS, PAGES)));
  }, 60_000);
});
