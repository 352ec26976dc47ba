// What changed between a pipeline and the last one that passed on its ref: jobs whose status
// flipped (or that came or went), each job's and the whole run's duration, test cases that fail now
// and did not then, and variables that differ (keys only: values may be secrets). Pure: load.ts
// reads the two pipelines, this compares them.
import type { Job, PipelineVariable, TestReport } from '../../api/index.js';

export interface JobChange {
  name: string;
  stage: string;
  /** null: the job was not in that pipeline. */
  before: string | null;
  after: string | null;
}

export interface DurationChange {
  name: string;
  before: number;
  after: number;
}

export interface Comparison {
  flipped: JobChange[];
  /** Jobs in both that ran, by how much slower (positive) or faster, biggest change first. */
  durations: DurationChange[];
  totalBefore: number | null;
  totalAfter: number | null;
  /** `suite › class › name` of cases that fail (or error) now and passed, were skipped or absent then. */
  newlyFailing: string[];
  /** null when a report could not be read (or the pipeline has none). */
  testsCompared: boolean;
  variables: { key: string; change: 'added' | 'removed' | 'changed' }[];
}

/** The newest attempt of each job name (a list can hold retried attempts). */
function byName(jobs: readonly Job[]): Map<string, Job> {
  const out = new Map<string, Job>();
  for (const job of jobs) {
    const seen = out.get(job.name);
    if (!seen || job.id > seen.id) out.set(job.name, job);
  }
  return out;
}

const failing = (status: string) => status === 'failed' || status === 'error';

function failingCases(report: TestReport): Set<string> {
  const out = new Set<string>();
  for (const suite of report.test_suites ?? [])
    for (const c of suite.test_cases ?? []) if (failing(String(c.status))) out.add(`${suite.name} › ${c.classname ? `${c.classname} › ` : ''}${c.name}`);
  return out;
}

export function compare(
  now: { jobs: readonly Job[]; duration: number | null; report: TestReport | null; variables: readonly PipelineVariable[] | null },
  then: { jobs: readonly Job[]; duration: number | null; report: TestReport | null; variables: readonly PipelineVariable[] | null },
): Comparison {
  const a = byName(now.jobs);
  const b = byName(then.jobs);
  const flipped: JobChange[] = [];
  for (const [name, job] of a) {
    const old = b.get(name);
    if (!old || old.status !== job.status) flipped.push({ name, stage: job.stage, before: old?.status ?? null, after: job.status });
  }
  for (const [name, old] of b) if (!a.has(name)) flipped.push({ name, stage: old.stage, before: old.status, after: null });
  const durations: DurationChange[] = [];
  for (const [name, job] of a) {
    const old = b.get(name);
    if (typeof job.duration === 'number' && typeof old?.duration === 'number') durations.push({ name, before: old.duration, after: job.duration });
  }
  durations.sort((x, y) => Math.abs(y.after - y.before) - Math.abs(x.after - x.before));
  const newlyFailing = now.report && then.report ? [...failingCases(now.report)].filter((c) => !failingCases(then.report!).has(c)) : [];
  const variables: Comparison['variables'] = [];
  if (now.variables && then.variables) {
    const av = new Map(now.variables.map((v) => [v.key, v]));
    const bv = new Map(then.variables.map((v) => [v.key, v]));
    for (const [key, v] of av) {
      const old = bv.get(key);
      if (!old) variables.push({ key, change: 'added' });
      else if (old.value !== v.value || old.variable_type !== v.variable_type) variables.push({ key, change: 'changed' });
    }
    for (const key of bv.keys()) if (!av.has(key)) variables.push({ key, change: 'removed' });
  }
  return {
    flipped,
    durations,
    totalBefore: then.duration,
    totalAfter: now.duration,
    newlyFailing,
    testsCompared: now.report !== null && then.report !== null,
    variables,
  };
}
