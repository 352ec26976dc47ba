// The trace of a job as bytes at the world's current time: the generated runner log, cut at what the
// runner had written by now while the job runs. Generated logs are cached per job (they are pure).
import { generateJobLog, visibleLog, type GeneratedLog } from './log-gen.js';
import type { SimJob } from './model.js';
import type { World } from './world/world.js';

const cache = new Map<string, GeneratedLog>();
const CACHE_LIMIT = 200;

// Caches are keyed by the world itself, not its seed: two simulators in one process (a bench's
// restart, test files sharing a worker: vitest.config.ts) may hold worlds of one seed whose job
// ids name other jobs (another scale, a job played with variables in one of them).
const worldIds = new WeakMap<World, number>();
let worlds = 0;

/** A key unique to `world` among the worlds of this process. */
export function worldKey(world: World): number {
  let id = worldIds.get(world);
  if (id === undefined) worldIds.set(world, (id = ++worlds));
  return id;
}

export function logOf(world: World, job: SimJob): GeneratedLog {
  const key = `${worldKey(world)}:${job.id}`;
  let log = cache.get(key);
  if (log) {
    // Refresh its place: the most recently read logs stay.
    cache.delete(key);
    cache.set(key, log);
    return log;
  }
  const project = world.projects.get(job.projectId)!;
  log = generateJobLog({
    seed: world.seed,
    jobId: job.id,
    jobName: job.name,
    stage: job.stage,
    outcome: job.plan.outcome,
    startedAt: job.startedAt!,
    durationMs: job.plan.runMs,
    size: job.logSize,
    ...(job.logLines ? { lines: job.logLines } : {}),
    ...(job.tool ? { tool: job.tool } : {}),
    // One project's runners have FF_TIMESTAMPS on, as some real fleets do.
    timestamps: project.path === 'terraform',
    runnerDescription: job.runnerId === null ? undefined : world.runners.get(job.runnerId)?.description,
    // So the log's checkout lines name the same project, ref and commit as the API does.
    projectPath: `${project.namespace}/${project.path}`,
    projectId: project.id,
    ref: job.ref,
    sha: job.sha,
    ...(job.echoes.length ? { echoes: job.echoes.map((line) => ({ command: `echo "${line}"`, output: expand(world, job, line) })) } : {}),
  });
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, log);
  return log;
}

/**
 * `$KEY` and `${KEY}` as the job's shell sees them: a played job's own variables over the pipeline's;
 * a file variable is the path of the file the runner wrote; an unset one is empty.
 */
function expand(world: World, job: SimJob, text: string): string {
  const pipeline = world.pipelines.get(job.pipelineId)!;
  const project = world.projects.get(job.projectId)!;
  return text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, key: string) => {
    const own = job.variables.find((v) => v.key === key);
    if (own) return own.value;
    const v = pipeline.variables.find((p) => p.key === key);
    if (!v) return '';
    return v.variable_type === 'file' ? `/builds/${project.namespace}/${project.path}.tmp/${key}` : v.value;
  });
}

export function traceBytes(world: World, job: SimJob): Buffer {
  if (job.startedAt === null || job.erasedAt !== null) return Buffer.alloc(0);
  const log = logOf(world, job);
  if (job.status === 'running') return Buffer.from(visibleLog(log, world.now), 'utf8');
  if (job.status === 'canceled' && job.canceledAt !== null) {
    return Buffer.from(
      `${visibleLog(log, job.canceledAt)}\x1b[0;33mWARNING: Job was canceled\x1b[0;m\n\x1b[31;1mERROR: Job failed: canceled\x1b[0;m\n`,
      'utf8',
    );
  }
  if (job.failureReason === 'runner_system_failure' && job.finishedAt !== null) {
    // The machine was lost: the log stops where it was, and the runner says why (gitlab-runner's wording).
    return Buffer.from(
      `${visibleLog(log, job.finishedAt)}\x1b[31;1mERROR: Job failed (system failure): prepare environment: Error response from daemon: no space left on device (exec.go:78:0s)\x1b[0;m\n`,
      'utf8',
    );
  }
  return Buffer.from(log.text, 'utf8');
}
