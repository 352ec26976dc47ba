// The three outputs of `pipetop watch`: the live view on a terminal (a few lines redrawn in place),
// one plain line per change elsewhere, and one JSON object per change with --json. Every server
// string goes through safeText for the terminal; JSON keeps the data exact but escapes what a
// terminal could act on (see jsonLine).
import type { Job, Pipeline } from '../api/index.js';
import { colorWanted as colorIsWanted } from '../lib/color.js';
import { STATUSES, statusLook, type StatusColour } from '../lib/status.js';
import { safeText, truncateToWidth } from '../text/safe.js';
import { duration } from '../time/duration.js';
import { failedJobs, runningJobs, stagesOf, type Downstream, type Outcome, type Snapshot, type WatchEvent } from './model.js';

/** What a failed job's summary says, the log's first failure line read once at the end. */
export interface FailedJobReport {
  job: Job;
  failureLine: string | null;
  /** A downstream pipeline's job: the bridges that lead to it, outermost first, and its pipeline. */
  via?: readonly string[];
  pipelineId?: number;
}

/** `integration › test:api 1/2` for a child pipeline's job. */
const viaText = (via: readonly string[] | undefined) => (via?.length ? `${via.map((b) => safeText(b, 80)).join(' › ')} › ` : '');

// The TUI's status glyphs and colours (src/lib/status.ts), as SGR codes.
const SGR: Record<StatusColour, string> = { green: '32', red: '31', yellow: '33', blue: '34', magenta: '35', gray: '90' };

export interface Style {
  color: boolean;
}

/** Colour only on a terminal, and then as the TUI decides (NO_COLOR, TERM=dumb: src/lib/color.ts). */
export function colorWanted(env: NodeJS.ProcessEnv, isTty: boolean): boolean {
  return isTty && colorIsWanted(env);
}

function paint(style: Style, colour: StatusColour, text: string): string {
  return style.color ? `\x1b[${SGR[colour]}m${text}\x1b[0m` : text;
}

/** Plain glyphs while a line is built and cut to width; colour goes on afterwards (colourGlyphs). */
function icon(_style: Style, status: string): string {
  return statusLook(status)?.icon ?? '?';
}

const GLYPH_COLOUR = new Map(Object.values(STATUSES).map((g) => [g.icon, g.color]));
const GLYPH_RE = new RegExp(`[${[...GLYPH_COLOUR.keys()].join('')}]`, 'gu');

function colourGlyphs(style: Style, line: string): string {
  return style.color ? line.replace(GLYPH_RE, (g) => paint(style, GLYPH_COLOUR.get(g)!, g)) : line;
}

/** 45s, 3m 07s, 1h 02m, as the TUI says them; whole seconds cut down (a running job's 59.9 s is 59s). */
export function formatDuration(ms: number): string {
  return duration(Math.max(0, Math.floor(ms / 1000)));
}

function since(iso: string | null | undefined, now: number): number | null {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : now - t;
}

function pipelineElapsed(p: Pipeline, now: number): string {
  if (typeof p.duration === 'number' && p.finished_at) return formatDuration(p.duration * 1000);
  const ms = since(p.started_at ?? p.created_at, now);
  return ms === null ? '' : formatDuration(ms);
}

const MAX_RUNNING = 4;
const MAX_FAILED = 3;

export interface LiveContext extends Style {
  width: number;
  /** Lines the block may take: a taller block than the screen cannot be redrawn in place. */
  height?: number;
  now: number;
  project: string;
  /** Put before every line (`DEMO `: the built-in simulator, never a GitLab). */
  tag?: string;
}

/** A section of the live view: how many things it holds, and its lines when it may take `room` of them. */
interface Section {
  count: number;
  lines: (room: number) => string[];
}

/**
 * The live view: the pipeline line, the stages, running jobs with their elapsed time, failed jobs
 * with GitLab's failure_reason, the downstream pipelines. Each line fits `width` (a wrapped line
 * would break the redraw), and the block fits `height`: what does not fit is summarised on one line.
 */
export function liveLines(snap: Snapshot, ctx: LiveContext): string[] {
  const p = snap.pipeline;
  const tag = ctx.tag ?? '';
  // One column spare: a line filling the last column leaves some terminals' cursor in a pending wrap.
  // However narrow: a line wider than the terminal wraps, and the redraw's cursor-up misses its rows.
  const fit = (text: string) => truncateToWidth(`${tag}${text}`, ctx.width - 1);
  const head: string[] = [];
  const elapsed = pipelineElapsed(p, ctx.now);
  head.push(
    `${icon(ctx, p.status)} pipeline #${p.id} ${safeText(p.status, 40)} · ${safeText(p.ref, 80)} · ${safeText(ctx.project, 80)}${elapsed ? ` · ${elapsed}` : ''}`,
  );
  const stages = stagesOf(snap.jobs);
  if (stages.length) head.push(`  ${stages.map((s) => `${safeText(s.name, 40)} ${icon(ctx, s.status)}`).join('  ')}`);
  const running = runningJobs(snap.jobs).map((job) => {
    const ms = since(job.started_at, ctx.now);
    return `  ${icon(ctx, 'running')} ${safeText(job.name, 100)}${ms === null ? '' : ` ${formatDuration(ms)}`}`;
  });
  const failed = failedJobs(snap.jobs).map(
    (job) => `  ${icon(ctx, 'failed')} ${safeText(job.name, 100)}${failureReason(job)}${job.allow_failure ? ' (allowed to fail)' : ''}`,
  );
  const downstreamLine = (d: Downstream) => `  ${icon(ctx, d.pipelineStatus ?? d.status)} ${downstreamText(d)}`;
  const sections: Section[] = [
    {
      count: running.length,
      lines: (room) => take(running, Math.min(room, running.length > MAX_RUNNING ? MAX_RUNNING + 1 : MAX_RUNNING), (n) => `  … ${n} more running`),
    },
    {
      count: failed.length,
      lines: (room) => take(failed, Math.min(room, failed.length > MAX_FAILED ? MAX_FAILED + 1 : MAX_FAILED), (n) => `  … ${n} more failed`),
    },
    {
      count: snap.downstream.length,
      lines: (room) => {
        // All shown: in GitLab's order. Not all: those that need a look first, the rest counted.
        const list = snap.downstream.length <= room ? snap.downstream : needingALookFirst(snap.downstream);
        return take(list.map(downstreamLine), room, (n) => `  … and ${n} more ${moreTriggerJobs(list.slice(-n))}`);
      },
    },
  ];
  const height = Math.max(1, Math.floor(ctx.height ?? Infinity));
  const lines = head.slice(0, height);
  let left = height - lines.length;
  sections.forEach((section, i) => {
    // Each later section keeps one line, to say at least how many it holds.
    const later = sections.slice(i + 1).filter((s) => s.count > 0).length;
    const shown = section.lines(Math.max(Math.min(left, 1), left - later));
    lines.push(...shown);
    left -= shown.length;
  });
  return lines.map((line) => colourGlyphs(ctx, fit(line)));
}

function take(items: readonly string[], room: number, more: (hidden: number) => string): string[] {
  if (items.length <= room) return [...items];
  if (room <= 0) return [];
  return [...items.slice(0, room - 1), more(items.length - (room - 1))];
}

/** The trigger jobs that need a look (failed, canceled, running) first; a stable sort keeps GitLab's order within each. */
function needingALookFirst(downstream: readonly Downstream[]): Downstream[] {
  const order: Record<string, number> = { failed: 0, canceled: 1, running: 2, success: 4 };
  const rank = (d: Downstream) => order[d.pipelineStatus ?? d.status] ?? 3;
  return [...downstream].sort((a, b) => rank(a) - rank(b));
}

/** "trigger jobs: 170 passed, 3 running" */
function moreTriggerJobs(hidden: readonly Downstream[]): string {
  const counts = new Map<string, number>();
  for (const d of hidden) {
    const status = safeText(d.pipelineStatus ?? d.status, 40);
    const word = status === 'success' ? 'passed' : status;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const parts = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word, n]) => `${n} ${word}`);
  return `trigger job${hidden.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

function failureReason(job: Job): string {
  return job.failure_reason ? ` — ${safeText(job.failure_reason, 80)}` : '';
}

function downstreamText(d: Downstream): string {
  const target = d.pipelineId !== null ? `pipeline #${d.pipelineId} ${safeText(d.pipelineStatus ?? '', 40)}` : safeText(d.status, 40);
  return `${safeText(d.bridgeName, 100)} → ${target}`;
}

/** One line per change, for a pipe or a CI log. */
export function plainLine(event: WatchEvent): string {
  switch (event.type) {
    case 'pipeline':
      return `pipeline #${event.pipeline.id} ${safeText(event.pipeline.status, 40)} (was ${safeText(event.previous, 40)})`;
    case 'job': {
      const j = event.job;
      const was = event.previous === null ? 'new' : `was ${safeText(event.previous, 40)}`;
      return `job #${j.id} ${safeText(j.name, 200)} [${safeText(j.stage, 80)}] ${safeText(j.status, 40)}${failureReason(j)} (${was})`;
    }
    case 'downstream': {
      const d = event.downstream;
      return `downstream ${downstreamText(d)} (${event.previous === null ? 'new' : `was ${safeText(event.previous, 40)}`})`;
    }
  }
}

export function plainStart(snap: Snapshot, project: string): string {
  const p = snap.pipeline;
  return `watching pipeline #${p.id} of ${safeText(project, 200)} on ${safeText(p.ref, 200)}: ${safeText(p.status, 40)}, ${snap.jobs.length} jobs${p.web_url ? ` — ${safeText(p.web_url, 500)}` : ''}`;
}

/** The end: the outcome, then each failed job with its URL and the first failure line of its log. */
export function summaryLines(snap: Snapshot, outcome: Outcome, failed: readonly FailedJobReport[], style: Style, now: number): string[] {
  const p = snap.pipeline;
  const elapsed = pipelineElapsed(p, now);
  const said = outcome === 'manual' ? 'is blocked on a manual job' : outcome;
  const lines = [`${icon(style, outcome)} pipeline #${p.id} ${said}${elapsed ? ` after ${elapsed}` : ''}${p.web_url ? ` — ${safeText(p.web_url, 500)}` : ''}`];
  // outcomeOf (model.ts) turns a successful pipeline with a failed downstream pipeline into `failed`.
  if (outcome === 'failed' && p.status === 'success') lines.push('  (GitLab says the pipeline succeeded, but a downstream pipeline failed)');
  for (const { job, failureLine, via } of failed) {
    lines.push(
      `  ${icon(style, 'failed')} ${viaText(via)}${safeText(job.name, 200)} [${safeText(job.stage, 80)}]${failureReason(job)}${job.allow_failure ? ' (allowed to fail)' : ''}${job.web_url ? ` ${safeText(job.web_url, 500)}` : ''}`,
    );
    if (failureLine) lines.push(`      > ${safeText(failureLine, 300)}`);
  }
  for (const d of snap.downstream) {
    if ((d.status === 'failed' || d.pipelineStatus === 'failed') && !d.allowFailure)
      lines.push(`  ${icon(style, 'failed')} downstream ${downstreamText(d)}${d.webUrl ? ` ${safeText(d.webUrl, 500)}` : ''}`);
  }
  return lines.map((line) => colourGlyphs(style, line));
}

/** `tag` before every line of `text` that has something on it ("DEMO ": each line says it is the demo). */
export function tagLines(text: string, tag: string): string {
  return tag ? text.replace(/^(?=[^\n])/gm, tag) : text;
}

// ---- JSON ---------------------------------------------------------------------------------------

/**
 * One JSON object on one line. JSON.stringify escapes C0 controls but passes C1 controls (U+009B is
 * a one-character CSI) and bidi overrides through: escape those too, so `--json` piped to a terminal
 * is as harmless as the plain output, while a script still decodes the exact server strings.
 */
export function jsonLine(value: object): string {
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const jobJson = (j: Job) => ({
  job: j.id,
  name: j.name,
  stage: j.stage,
  status: j.status,
  allow_failure: j.allow_failure === true,
  failure_reason: j.failure_reason ?? null,
  started_at: j.started_at,
  finished_at: j.finished_at,
  web_url: j.web_url ?? null,
});

const downstreamJson = (d: Downstream) => ({
  bridge: d.bridgeId,
  name: d.bridgeName,
  stage: d.stage,
  status: d.status,
  allow_failure: d.allowFailure,
  downstream_pipeline: d.pipelineId,
  downstream_status: d.pipelineStatus,
  web_url: d.webUrl,
});

export function jsonStart(snap: Snapshot, project: string, now: number): object {
  const p = snap.pipeline;
  return {
    type: 'start',
    at: new Date(now).toISOString(),
    project,
    pipeline: p.id,
    ref: p.ref,
    sha: p.sha,
    status: p.status,
    web_url: p.web_url ?? null,
    jobs: snap.jobs.map(jobJson),
    downstream: snap.downstream.map(downstreamJson),
  };
}

export function jsonEvent(event: WatchEvent, now: number): object {
  const at = new Date(now).toISOString();
  switch (event.type) {
    case 'pipeline':
      return { type: 'pipeline', at, pipeline: event.pipeline.id, status: event.pipeline.status, previous: event.previous };
    case 'job':
      return { type: 'job', at, pipeline: event.job.pipeline?.id ?? null, ...jobJson(event.job), previous: event.previous };
    case 'downstream':
      return { type: 'downstream', at, ...downstreamJson(event.downstream), previous: event.previous };
  }
}

export function jsonEnd(snap: Snapshot, outcome: Outcome, exitCode: number, failed: readonly FailedJobReport[], now: number): object {
  const p = snap.pipeline;
  return {
    type: 'end',
    at: new Date(now).toISOString(),
    pipeline: p.id,
    status: p.status,
    outcome,
    exit_code: exitCode,
    duration: p.duration ?? null,
    web_url: p.web_url ?? null,
    failed_jobs: failed.map(({ job, failureLine, via, pipelineId }) => ({
      ...jobJson(job),
      pipeline: pipelineId ?? p.id,
      via: via ?? [],
      failure_line: failureLine,
    })),
    downstream: snap.downstream.map(downstreamJson),
  };
}

// ---- redrawing in place -------------------------------------------------------------------------

/**
 * A block of lines at the bottom of the output, redrawn in place: cursor up over the old block, each
 * line rewritten and erased to its end, leftover old lines erased. No alternate screen: what the
 * block last showed stays in the scrollback when the watch ends.
 */
export class LiveRegion {
  private height = 0;
  constructor(private readonly write: (text: string) => void) {}

  draw(lines: readonly string[]): void {
    let out = this.height > 0 ? `\r\x1b[${this.height}A` : '';
    for (const line of lines) out += `${line}\x1b[K\n`;
    if (lines.length < this.height) out += '\x1b[J';
    this.height = lines.length;
    this.write(out);
  }

  /** The block is erased and the cursor left where it began: other output goes there, then a draw. */
  clear(): void {
    if (this.height > 0) this.write(`\r\x1b[${this.height}A\x1b[J`);
    this.height = 0;
  }

  /** The block stays as it is; later output goes below it. */
  release(): void {
    this.height = 0;
  }
}
