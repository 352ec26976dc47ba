// Job-log (trace) generator for the built-in GitLab simulator.
//
// Produces a log that reads like a real gitlab-runner 17.x trace (see docs/gitlab-api.md "Job log"):
// runner sections in the runner's order, custom nested sections inside step_script, SGR colours,
// `\e[0K` erase-line codes, bare `\r` progress lines, some non-ASCII text, optional FF_TIMESTAMPS
// prefixes. Each physical line carries the time it was written, so the simulator can serve the part
// of the log a running job has produced so far (`visibleLog`).
//
// Everything is derived from a seeded PRNG: the same spec always yields the same log, which keeps
// the simulator reproducible and lets it generate logs lazily, per job, only when asked.
//
// The parts live in ./log/: the line writer (writer.ts), escape codes (ansi.ts), names (vocab.ts), what
// each kind of job's script prints (script-*.ts), the runner's frame around it (runner.ts) and the
// assembly of line times and prefixes (assemble.ts). This file is the entry point.
import { hashSeed, Rng } from './rng.js';
import { assemble } from './log/assemble.js';
import { classify, environmentOf, type Ctx, type Size } from './log/context.js';
import { imageFor, runJob } from './log/runner.js';
import type { GeneratedLog, LogSpec } from './log/types.js';
import { PROJECTS } from './log/vocab.js';
import { Writer } from './log/writer.js';

/** The image of a test job of another stack than node's (chosen without drawing from the stream). */
function toolImage(spec: LogSpec, kind: string): string | null {
  if (kind !== 'test' || !spec.tool) return null;
  const images = { pytest: 'python:3.12-slim', go: 'golang:1.23', rspec: 'ruby:3.3', maven: 'maven:3.9-eclipse-temurin-21' } as const;
  return spec.tool in images ? images[spec.tool as keyof typeof images] : null;
}

export type { GeneratedLog, GeneratedTestCase, LogSpec, TestTool } from './log/types.js';

// ---------------------------------------------------------------------------------------------
// Public API.

/** Generates the complete log of a job, deterministically from its spec. */
export function generateJobLog(spec: LogSpec): GeneratedLog {
  const r = new Rng(hashSeed(spec.seed, spec.jobId));
  // Project identity depends on the world seed only, so jobs of a world agree unless told otherwise.
  const world = new Rng(hashSeed(spec.seed, 0x51a7));
  const projectPath = spec.projectPath ?? world.pick(PROJECTS);
  const projectId = spec.projectId ?? world.int(100, 60000);
  const sha = (spec.sha ?? r.hex(40)).toLowerCase();
  const kind = classify(spec.jobName, spec.stage);
  const size: Size = spec.size ?? 'normal';
  const w = new Writer(spec.timestamps === true);
  if (size === 'small') w.maxFrames = 3;
  const x: Ctx = {
    r,
    w,
    spec,
    kind,
    size,
    fail: spec.outcome === 'failed',
    sha,
    short: sha.slice(0, 8),
    ref: spec.ref ?? 'main',
    projectPath,
    projectId,
    projectName: projectPath.replace(/^.*\//, ''),
    buildDir: `/builds/${projectPath}`,
    version: `${world.int(0, 4)}.${world.int(0, 30)}.${world.int(0, 12)}`,
    image: toolImage(spec, kind) ?? imageFor(kind, r),
    env: environmentOf(spec.jobName),
    registry: 'registry.gitlab.com',
    tests: null,
  };
  runJob(x);
  const log = assemble(w.lines, spec, r);
  if (x.tests) log.tests = x.tests;
  return log;
}

/**
 * The part of the log visible at time `now` while the job runs: all whole lines whose time is
 * <= now. Lines are atomic, so neither a line nor an escape sequence is ever cut in half.
 * Binary search + one slice: cheap even for huge logs polled often.
 */
export function visibleLog(log: GeneratedLog, now: number): string {
  const { times, lineEnds, text } = log;
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  if (lo === 0) return '';
  if (lo === times.length) return text;
  return text.slice(0, lineEnds[lo - 1]);
}
