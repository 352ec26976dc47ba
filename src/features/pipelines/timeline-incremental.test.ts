// A running pipeline's timeline is laid out from a now-independent skeleton plus its live jobs
// (timeline.ts timelineAt, TimelineView.tsx timelineLayout). These tests hold it to the plain
// algorithm written out again here: every job's spans at `now`, grouped by stage, and the critical
// path walked with filters, for random pipelines at moving clocks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timelineLayout, timelineRows } from './TimelineView.js';
import { buildTimeline, queuedSpan, runningSpan, stageOrderOf, type Timeline, type TimelineEntry, type TimelineJob } from './timeline.js';
import { T0 } from './timeline-fixture.js';

function plainCriticalPath(entries: readonly TimelineEntry[]): number[] {
  const ran = entries.filter((e) => e.running !== null);
  const later = (a: TimelineEntry, b: TimelineEntry): boolean =>
    a.running!.end !== b.running!.end ? a.running!.end > b.running!.end : a.stageIndex !== b.stageIndex ? a.stageIndex > b.stageIndex : a.job.id > b.job.id;
  const latest = (xs: TimelineEntry[]) => xs.reduce<TimelineEntry | null>((best, e) => (best === null || later(e, best) ? e : best), null);
  let current = latest(ran);
  const path: number[] = [];
  while (current && !path.includes(current.job.id)) {
    path.push(current.job.id);
    const job = current;
    const needs = job.job.needs;
    current = latest(
      ran.filter(
        (e) => e !== job && (Array.isArray(needs) ? needs.includes(e.job.name) : e.stageIndex < job.stageIndex) && e.running!.end <= job.running!.start + 1000,
      ),
    );
  }
  return path.reverse();
}

function plainTimeline(jobs: readonly TimelineJob[], now: number, stageOrder?: readonly string[]): Timeline {
  const stages = stageOrderOf(jobs, stageOrder);
  const entries: TimelineEntry[] = [];
  stages.forEach((stage, stageIndex) =>
    jobs.forEach((job, index) => {
      if (job.stage === stage) entries.push({ job, index, stageIndex, queued: queuedSpan(job, now), running: runningSpan(job, now), critical: false });
    }),
  );
  const criticalPath = plainCriticalPath(entries);
  for (const e of entries) e.critical = criticalPath.includes(e.job.id);
  const spans = entries.flatMap((e) => [e.queued, e.running]).filter((s) => s !== null);
  const start = spans.length ? Math.min(...spans.map((s) => s.start)) : null;
  const end = spans.length ? Math.max(...spans.map((s) => s.end)) : null;
  return { stages, entries, start, end, criticalPath };
}

const STATUSES = ['success', 'failed', 'running', 'pending', 'waiting_for_resource', 'manual', 'created', 'skipped', 'canceled'] as const;
const at = (s: number | null) => (s === null ? null : new Date(T0 + s * 1000).toISOString());

const jobArb = fc.record({
  stage: fc.constantFrom('build', 'test', 'deploy', 'qa'),
  name: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  status: fc.constantFrom(...STATUSES),
  started: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
  took: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
  queued: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  needs: fc.option(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 3 }), { nil: undefined }),
});

type JobSpec = typeof jobArb extends fc.Arbitrary<infer T> ? T : never;

function toJobs(specs: JobSpec[]): TimelineJob[] {
  return specs.map((s, i) => {
    const live = s.status === 'running' || s.status === 'pending' || s.status === 'waiting_for_resource';
    const finished = !live && s.started !== null && s.took !== null ? s.started + s.took : null;
    return {
      id: i + 1,
      name: s.name,
      stage: s.stage,
      status: s.status,
      created_at: at(0)!,
      started_at: s.status === 'pending' ? null : at(s.started),
      finished_at: at(finished),
      duration: finished !== null && s.started !== null ? finished - s.started : null,
      queued_duration: s.queued,
      ...(s.needs ? { needs: s.needs } : {}),
    };
  });
}

describe('a timeline laid out from its skeleton', () => {
  it('is the plain timeline at every now, for any pipeline and stage order', () => {
    fc.assert(
      fc.property(
        fc.array(jobArb, { maxLength: 40 }),
        fc.array(fc.integer({ min: 0, max: 1200 }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.array(fc.constantFrom('qa', 'deploy', 'test', 'build'), { maxLength: 5 }), { nil: undefined }),
        (specs, seconds, stageOrder) => {
          const jobs = toJobs(specs);
          for (const s of seconds) {
            const now = T0 + s * 1000;
            const want = plainTimeline(jobs, now, stageOrder);
            expect(buildTimeline(jobs, now, stageOrder)).toEqual(want);
            expect(timelineLayout(jobs, now, stageOrder).rows).toEqual(timelineRows(want.entries, want.stages));
          }
        },
      ),
      { seed: 29, numRuns: 300 },
    );
  });

  it('makes new rows at a new now only for live jobs and the critical path', () => {
    const jobs = toJobs([
      { stage: 'build', name: 'a', status: 'success', started: 0, took: 60, queued: 5, needs: undefined },
      { stage: 'build', name: 'b', status: 'success', started: 0, took: 20, queued: null, needs: undefined },
      { stage: 'test', name: 'c', status: 'running', started: 70, took: null, queued: 10, needs: undefined },
      { stage: 'test', name: 'd', status: 'success', started: 70, took: 30, queued: null, needs: undefined },
      { stage: 'deploy', name: 'e', status: 'pending', started: null, took: null, queued: 4, needs: undefined },
    ]);
    const before = timelineLayout(jobs, T0 + 200_000);
    const after = timelineLayout(jobs, T0 + 201_000);
    const name = (row: (typeof after.rows)[number]) => (row.kind === 'job' ? row.entry.job.name : `[${row.stage}]`);
    const renewed = after.rows.filter((row, i) => row !== before.rows[i]).map(name);
    // c runs, e waits, and the path is a → c (b and d ended earlier than a / are not on it).
    expect(renewed).toEqual(['a', 'c', 'e']);
    expect(after.timeline.end).toBe(T0 + 201_000);
    expect(after.timeline.criticalPath).toEqual([1, 3]);
  });
});
