// A pipeline's jobs on a shared time axis (a Gantt): when each waited for a runner and when it ran,
// and the chain of jobs that decided when the pipeline ended. Pure: Timeline.tsx draws it.
import type { Job } from '../../api/index.js';
import { MARKS } from '../../ui/glyphs.js';

/** The fields the timeline reads. `needs` is not in the REST job object; pass it when known. */
export type TimelineJob = Pick<Job, 'id' | 'name' | 'stage' | 'status' | 'created_at' | 'started_at' | 'finished_at'> & {
  duration?: number | null | undefined;
  queued_duration?: number | null | undefined;
  /** Names of the jobs this one needs (a DAG edge). Absent: stage order. Empty: needs nothing. */
  needs?: readonly string[] | null | undefined;
};

export interface Span {
  /** ms since the epoch, start inclusive, end exclusive. */
  start: number;
  end: number;
}

export interface TimelineEntry {
  job: TimelineJob;
  /** Index of the job in the input array (the pane's cursor). */
  index: number;
  stageIndex: number;
  /** Waiting for a runner: queued_duration before started_at (or before now while pending). */
  queued: Span | null;
  /** Running: started_at to finished_at, or to now while it runs. */
  running: Span | null;
  critical: boolean;
}

export interface Timeline {
  stages: string[];
  /** Jobs grouped by stage in stage order, input order within a stage. */
  entries: TimelineEntry[];
  /** The axis: earliest span start and latest span end (null when no job has a span). */
  start: number | null;
  end: number | null;
  /** Ids of the critical path, first job first. */
  criticalPath: number[];
}

const ACTIVE = new Set(['running']);
const WAITING = new Set(['pending', 'waiting_for_resource', 'preparing']);

const isLive = (job: TimelineJob): boolean => ACTIVE.has(job.status) || WAITING.has(job.status);

function ms(iso: string | null | undefined): number | null {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : null;
}

const seconds = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v * 1000 : null);

/** The running span: finished_at, else started_at + duration for a finished job, else now while running. */
export function runningSpan(job: TimelineJob, now: number): Span | null {
  const start = ms(job.started_at);
  if (start === null) return null;
  let end = ms(job.finished_at);
  if (end === null && ACTIVE.has(job.status)) end = Math.max(start, now);
  if (end === null) {
    const d = seconds(job.duration);
    if (d !== null) end = start + d;
  }
  return end === null ? null : { start, end: Math.max(start, end) };
}

/** The queued span: `queued_duration` seconds before it started, or up to now while it still waits. */
export function queuedSpan(job: TimelineJob, now: number): Span | null {
  const q = seconds(job.queued_duration);
  if (q === null || q === 0) return null;
  const start = ms(job.started_at);
  if (start !== null) return { start: start - q, end: start };
  return WAITING.has(job.status) ? { start: now - q, end: now } : null;
}

/**
 * Stage order: `stageOrder` when the caller knows it (the pipeline's own stage list); otherwise
 * the order stages first appear in `jobs`. GitLab lists a pipeline's jobs by id ascending and
 * creates them stage by stage, so that is GitLab's order — the same one the list and the stage
 * graph use. (A stage whose only job was retried moves to the end of a list without retried jobs.)
 */
export function stageOrderOf(jobs: readonly TimelineJob[], stageOrder?: readonly string[]): string[] {
  // Sets, not includes/some: 5,000 jobs.
  const stages = [...(stageOrder ?? [])];
  const listed = new Set(stages);
  const present = new Set<string>();
  for (const job of jobs) {
    present.add(job.stage);
    if (!listed.has(job.stage)) {
      listed.add(job.stage);
      stages.push(job.stage);
    }
  }
  return stages.filter((s) => present.has(s));
}

/** Which of two entries that ran ended later (ties: the later stage, then the higher id). */
const later = (a: TimelineEntry, b: TimelineEntry): boolean =>
  a.running!.end !== b.running!.end ? a.running!.end > b.running!.end : a.stageIndex !== b.stageIndex ? a.stageIndex > b.stageIndex : a.job.id > b.job.id;

/** Whether `job` waited for `e`: a job it needs (or of an earlier stage) that ended by its start. */
function waitedFor(job: TimelineEntry, e: TimelineEntry): boolean {
  if (e === job || e.running === null || e.running.end > job.running!.start + 1000) return false;
  const needs = job.job.needs;
  return Array.isArray(needs) ? needs.includes(e.job.name) : e.stageIndex < job.stageIndex;
}

/**
 * The spans of each job that does not run or wait, by job object (the store replaces a job's
 * object when it changes): they do not depend on `now`, so a running pipeline's timeline, laid out
 * again at each new `now` and each re-read of its jobs, parses only its live jobs' times.
 */
const settledSpans = new WeakMap<TimelineJob, { queued: Span | null; running: Span | null }>();

/** A settled job's spans (they do not read `now`). */
function settledSpansOf(job: TimelineJob): { queued: Span | null; running: Span | null } {
  let spans = settledSpans.get(job);
  if (!spans) settledSpans.set(job, (spans = { queued: queuedSpan(job, 0), running: runningSpan(job, 0) }));
  return spans;
}

/**
 * What a timeline of these jobs is whatever `now` is: the stages, the entries in drawing order
 * (a running or waiting job's spans left null), which entries are live, and the axis the settled
 * jobs alone span. A running 5,000-job pipeline's timeline at a new `now` (each second, each `v`
 * to it) then costs its live jobs' spans and one walk for the critical path, not a layout.
 */
export interface TimelineSkeleton {
  stages: string[];
  entries: readonly TimelineEntry[];
  /** Indices into `entries` of the jobs that run or wait. */
  live: readonly number[];
  settledStart: number | null;
  settledEnd: number | null;
  /** Indices into `entries` of the settled jobs that ran, and the one of them that ended last (-1: none). */
  ran: readonly number[];
  lastSettled: number;
  /**
   * Per entry, the settled job it waited for that ended last (-1: none; UNKNOWN until asked):
   * neither side reads `now`, so a running pipeline's path is walked again at each new `now` over
   * its live jobs only (criticalPathAt).
   */
  settledBefore: Int32Array;
}

const UNKNOWN = -2;

/** Kept per jobs array (the store replaces the array when jobs change) and stage order. */
const skeletons = new WeakMap<readonly TimelineJob[], { stageOrder: readonly string[] | undefined; skeleton: TimelineSkeleton }>();

export function timelineSkeleton(jobs: readonly TimelineJob[], stageOrder?: readonly string[]): TimelineSkeleton {
  const kept = skeletons.get(jobs);
  if (kept && kept.stageOrder === stageOrder) return kept.skeleton;
  const stages = stageOrderOf(jobs, stageOrder);
  // One pass over the jobs into a bucket per stage (a stage listed twice gets a bucket each).
  const buckets: TimelineEntry[][] = stages.map(() => []);
  const bucketsOf = new Map<string, number[]>();
  stages.forEach((stage, stageIndex) => {
    const at = bucketsOf.get(stage);
    if (at) at.push(stageIndex);
    else bucketsOf.set(stage, [stageIndex]);
  });
  jobs.forEach((job, index) => {
    const at = bucketsOf.get(job.stage);
    if (!at) return;
    const { queued, running } = isLive(job) ? { queued: null, running: null } : settledSpansOf(job);
    for (const stageIndex of at) buckets[stageIndex]!.push({ job, index, stageIndex, queued, running, critical: false });
  });
  const entries = buckets.flat();
  const live: number[] = [];
  const ran: number[] = [];
  let lastSettled = -1;
  let settledStart: number | null = null;
  let settledEnd: number | null = null;
  entries.forEach((e, i) => {
    if (isLive(e.job)) live.push(i);
    for (const span of [e.queued, e.running]) {
      if (!span) continue;
      settledStart = settledStart === null ? span.start : Math.min(settledStart, span.start);
      settledEnd = settledEnd === null ? span.end : Math.max(settledEnd, span.end);
    }
    if (e.running === null) return;
    ran.push(i);
    if (lastSettled < 0 || later(e, entries[lastSettled]!)) lastSettled = i;
  });
  const skeleton = { stages, entries, live, settledStart, settledEnd, ran, lastSettled, settledBefore: new Int32Array(entries.length).fill(UNKNOWN) };
  skeletons.set(jobs, { stageOrder, skeleton });
  return skeleton;
}

/**
 * The timeline of a skeleton at `now`, and the indices of the entries that differ from the
 * skeleton's (live or on the critical path): new objects for those, the skeleton's own for the rest.
 */
export function timelineAt(skeleton: TimelineSkeleton, now: number): { timeline: Timeline; changed: number[] } {
  const entries = skeleton.entries.slice();
  let start = skeleton.settledStart;
  let end = skeleton.settledEnd;
  for (const i of skeleton.live) {
    const e = entries[i]!;
    const queued = queuedSpan(e.job, now);
    const running = runningSpan(e.job, now);
    entries[i] = { ...e, queued, running };
    const from = queued ?? running;
    const to = running ?? queued;
    if (from && to) {
      start = start === null ? from.start : Math.min(start, from.start);
      end = end === null ? to.end : Math.max(end, to.end);
    }
  }
  const path = criticalPathAt(skeleton, entries);
  const changed = [...skeleton.live];
  if (path.length > 0) {
    const critical = new Set(path);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!;
      if (!critical.has(e.job.id)) continue;
      if (e === skeleton.entries[i]) changed.push(i);
      entries[i] = { ...e, critical: true };
    }
  }
  return { timeline: { stages: skeleton.stages, entries, start, end, criticalPath: path }, changed };
}

/**
 * The critical path: the chain of jobs that set the pipeline's end, found by walking back from the
 * job that ended last (ties: the later stage, then the higher id). A job's predecessor is, among
 * the jobs it waited for — those it `needs`, or without `needs` every job of an earlier stage —
 * the one that ended latest no later than the job started (1 s slack: GitLab's times are whole
 * seconds). Jobs that never ran (created, skipped, manual) are not on it. `needs: []` starts the
 * job at once, so the walk ends there.
 * `entries` are the skeleton's at some `now`. Each step takes the later of the settled job found
 * once per skeleton and the live ones that qualify: the same path without a walk over every job at
 * each `now` (timeline-incremental.test.ts holds it to the plain walk).
 */
function criticalPathAt(skeleton: TimelineSkeleton, entries: readonly TimelineEntry[]): number[] {
  const liveRan = skeleton.live.filter((i) => entries[i]!.running !== null);
  const latest = (from: number, candidates: readonly number[], take: (k: number) => boolean): number => {
    let best = from;
    for (const k of candidates) if (take(k) && (best < 0 || later(entries[k]!, entries[best]!))) best = k;
    return best;
  };
  let current = latest(skeleton.lastSettled, liveRan, () => true);
  const path: number[] = [];
  const onPath = new Set<number>();
  while (current >= 0 && !onPath.has(entries[current]!.job.id)) {
    const job = entries[current]!;
    path.push(job.job.id);
    onPath.add(job.job.id);
    let settled = skeleton.settledBefore[current]!;
    if (settled === UNKNOWN) skeleton.settledBefore[current] = settled = latest(-1, skeleton.ran, (k) => waitedFor(job, entries[k]!));
    current = latest(settled, liveRan, (k) => waitedFor(job, entries[k]!));
  }
  return path.reverse();
}

export function buildTimeline(jobs: readonly TimelineJob[], now: number, stageOrder?: readonly string[]): Timeline {
  return timelineAt(timelineSkeleton(jobs, stageOrder), now).timeline;
}

// ---- drawing on a grid of cells (Timeline.tsx renders these strings) --------------------------------

export const BAR = { running: MARKS.ran.glyph, queued: MARKS.queued.glyph, empty: ' ' } as const;

/** Nice tick steps in seconds: 1-2-5 style, then clock-friendly minutes and hours. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** 0 → "0s", 90 → "1m30s", 3600 → "1h", 5400 → "1h30m". */
export function tickLabel(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h${m > 0 ? `${m}m` : ''}`;
  if (m > 0) return `${m}m${sec > 0 ? `${sec}s` : ''}`;
  return `${sec}s`;
}

export interface Axis {
  start: number;
  /** ms per cell. */
  scale: number;
  cells: number;
}

/** The axis over `cells` cells; a span of zero length still gets a width (1 s). */
export function axisFor(timeline: Pick<Timeline, 'start' | 'end'>, cells: number): Axis | null {
  if (timeline.start === null || timeline.end === null || cells <= 0) return null;
  const total = Math.max(1000, timeline.end - timeline.start);
  return { start: timeline.start, scale: total / cells, cells };
}

/**
 * The header line: tick labels at multiples of a step wide enough that labels never touch (at
 * least one blank cell between them), exactly `axis.cells` wide.
 */
export function axisLine(axis: Axis): string {
  const cellSeconds = axis.scale / 1000;
  const widest = tickLabel(axis.cells * cellSeconds).length + 3;
  const step = STEPS.find((s) => s / cellSeconds >= widest) ?? Math.ceil((widest * cellSeconds) / 86400) * 86400;
  const out: string[] = Array.from({ length: axis.cells }, () => ' ');
  for (let t = 0; ; t += step) {
    const at = Math.round(t / cellSeconds);
    const label = tickLabel(t);
    if (at + label.length > axis.cells) break;
    for (let i = 0; i < label.length; i++) out[at + i] = label[i]!;
  }
  return out.join('');
}

/**
 * The bar of one entry: each cell shows what the job did during that slice of time — running wins
 * over queued, and a span shorter than a cell still marks the cell it falls in.
 */
export function barCells(entry: Pick<TimelineEntry, 'queued' | 'running'>, axis: Axis): string {
  const overlaps = (span: Span | null, from: number, to: number) => span !== null && span.start < to && Math.max(span.end, span.start + 1) > from;
  let out = '';
  for (let c = 0; c < axis.cells; c++) {
    const from = axis.start + c * axis.scale;
    const to = from + axis.scale;
    out += overlaps(entry.running, from, to) ? BAR.running : overlaps(entry.queued, from, to) ? BAR.queued : BAR.empty;
  }
  return out;
}
