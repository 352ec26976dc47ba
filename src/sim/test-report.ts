// Pipeline test reports, from the JUnit cases test jobs publish. The cases come from the same
// generator as the job's log (log/script-test.ts), so the failed case is the log's failed test.
// As in GitLab: one suite per job name (parallel jobs of one name merge), only jobs that uploaded a
// JUnit report (`artifacts:reports:junit`, uploaded on failure too), times in seconds.
// Shapes as GitLab's serializers give them: the summary's suites (TestSuiteSummaryEntity) carry
// `build_ids`, the full report's (TestSuiteEntity) do not; a case (TestCaseEntity) has the JUnit
// `<failure>`/`<error>` text in `system_output` and a null `stack_trace`, as GitLab's JUnit parser
// (lib/gitlab/ci/parsers/test/junit.rb) leaves it; `error` cases are counted apart from `failed`.
// Flaky tests: the same code has the same tests, so a run that passed also ran — and passed — the
// tests that failed in other runs of its job on the same sha (another pipeline, another attempt).
// Its report lists them as passed, which is what lets pipetop mark those failures "flaky?".
import type { SimJob, SimPipeline } from './model.js';
import type { GeneratedTestCase } from './log-gen.js';
import { logOf, worldKey } from './trace.js';
import type { World } from './world/world.js';

interface Suite {
  name: string;
  jobs: SimJob[];
  cases: GeneratedTestCase[];
}

// Cases per job, kept apart from the log cache: a summary poll must not regenerate big logs.
const cache = new Map<string, GeneratedTestCase[]>();
const CACHE_LIMIT = 500;

function casesOf(world: World, job: SimJob): GeneratedTestCase[] {
  const key = `${worldKey(world)}:${job.id}`;
  let cases = cache.get(key);
  if (!cases) {
    cases = logOf(world, job).tests ?? [];
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, cases);
  }
  return cases;
}

/** The job's cases, and for a passing run the cases that failed in its job's other runs on the same sha. */
function runCases(world: World, job: SimJob): GeneratedTestCase[] {
  const own = casesOf(world, job);
  if (job.status !== 'success') return own;
  const extra: GeneratedTestCase[] = [];
  const seen = new Set(own.map((c) => `${c.classname}\0${c.name}`));
  for (const id of world.projectJobs.get(job.projectId) ?? []) {
    const peer = world.jobs.get(id)!;
    if (peer.id === job.id || peer.name !== job.name || peer.sha !== job.sha || peer.status !== 'failed' || !reporting(peer)) continue;
    for (const c of casesOf(world, peer)) {
      if (c.status !== 'failed' || seen.has(`${c.classname}\0${c.name}`)) continue;
      seen.add(`${c.classname}\0${c.name}`);
      extra.push({ ...c, status: 'success', failure: null });
    }
  }
  return extra.length ? own.concat(extra) : own;
}

function reporting(job: SimJob): boolean {
  return (
    (job.status === 'success' || job.status === 'failed') &&
    job.erasedAt === null &&
    job.startedAt !== null &&
    (job.artifactPaths ?? []).some((p) => p.includes('junit'))
  );
}

function suitesOf(world: World, pipeline: SimPipeline): Suite[] {
  const byName = new Map<string, Suite>();
  for (const job of world.pipelineJobs(pipeline)) {
    if (job.trigger || !reporting(job)) continue;
    const cases = runCases(world, job);
    if (!cases.length) continue;
    let suite = byName.get(job.name);
    if (!suite) byName.set(job.name, (suite = { name: job.name, jobs: [], cases: [] }));
    suite.jobs.push(job);
    suite.cases = suite.cases.concat(cases);
  }
  return [...byName.values()];
}

function counts(cases: GeneratedTestCase[]) {
  let time = 0;
  let success = 0;
  let failed = 0;
  let skipped = 0;
  let error = 0;
  for (const c of cases) {
    time += c.timeMs;
    if (c.status === 'success') success++;
    else if (c.status === 'failed') failed++;
    else if (c.status === 'error') error++;
    else skipped++;
  }
  return { time: Math.round(time) / 1000, count: cases.length, success, failed, skipped, error };
}

/** A suite's counts, the same in the summary and the full report (TestSuiteEntity). */
function suiteFields(s: Suite) {
  const n = counts(s.cases);
  return {
    name: s.name,
    total_time: n.time,
    total_count: n.count,
    success_count: n.success,
    failed_count: n.failed,
    skipped_count: n.skipped,
    error_count: n.error,
    suite_error: null,
  };
}

export function testReportSummary(world: World, pipeline: SimPipeline) {
  const suites = suitesOf(world, pipeline);
  const all = counts(suites.flatMap((s) => s.cases));
  return { total: { ...all, suite_error: null }, test_suites: suites.map((s) => ({ ...suiteFields(s), build_ids: s.jobs.map((j) => j.id) })) };
}

/** GitLab's TestReportEntity with details: totals at the top, then every suite with its cases. */
export function testReport(world: World, pipeline: SimPipeline) {
  const suites = suitesOf(world, pipeline);
  const all = counts(suites.flatMap((s) => s.cases));
  return {
    total_time: all.time,
    total_count: all.count,
    success_count: all.success,
    failed_count: all.failed,
    skipped_count: all.skipped,
    error_count: all.error,
    test_suites: suites.map((s) => ({
      ...suiteFields(s),
      test_cases: s.cases.map((c) => ({
        status: c.status,
        name: c.name,
        classname: c.classname,
        file: c.file,
        execution_time: c.timeMs / 1000,
        system_output: c.failure,
        stack_trace: null,
        recent_failures: null,
        attachment_url: null,
      })),
    })),
  };
}
