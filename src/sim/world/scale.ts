// A bigger world for benchmarks (SimulatorOptions.scale): many more projects, one pipeline with
// thousands of jobs, one job with a very long log. The demo's six projects are unchanged; the extra
// ones live in a `fleet` group so they never shadow a demo path.
import type { JobTemplate } from '../model.js';
import type { ProjectSeed } from './catalog.js';

export interface WorldScale {
  /** Total number of projects (the demo's six included); the extra ones have no pipelines. */
  projects?: number;
  /** Jobs in the running pipeline of `fleet/monolith` (over ten stages). */
  pipelineJobs?: number;
  /** Lines in the log of `fleet/monolith`'s `test:verbose` job (a first-stage job, done at start). */
  logLines?: number;
}

const MEMBERS = { alice: 40, bob: 40, root: 50 };
const STAGES = ['prepare', 'build', 'test', 'lint', 'package', 'security', 'integration', 'e2e', 'release', 'deploy'];
const WORDS = ['auth', 'billing', 'search', 'catalog', 'orders', 'payments', 'mailer', 'gateway', 'reports', 'profile', 'cart', 'ledger'];

/** Extra project seeds for `scale`, beyond `existing` demo projects. Deterministic. */
export function scaleProjects(scale: WorldScale | undefined, existing: number): ProjectSeed[] {
  if (!scale) return [];
  const seeds: ProjectSeed[] = [];
  if (scale.pipelineJobs || scale.logLines) seeds.push(monolith(scale.pipelineJobs ?? 12, scale.logLines));
  const extra = Math.max(0, (scale.projects ?? 0) - existing - seeds.length);
  for (let i = 1; i <= extra; i++) {
    const word = WORDS[i % WORDS.length]!;
    seeds.push({
      namespace: 'fleet',
      path: `${word}-${String(i).padStart(4, '0')}`,
      name: `${word}-${String(i).padStart(4, '0')}`,
      description: `The ${word} service, instance ${i}.`,
      defaultBranch: 'main',
      branches: ['main'],
      visibility: 'internal',
      members: MEMBERS,
      stages: ['build', 'test'],
      jobs: [job('build', 'build', 60), job('test', 'test', 120)],
      history: 0,
    });
  }
  return seeds;
}

function job(name: string, stage: string, typicalSec: number, extra: Partial<JobTemplate> = {}): JobTemplate {
  // No failures: a failed stage would skip the rest, and the benchmarks want every job in the list.
  return { name, stage, typicalSec, failRate: 0, when: 'on_success', allowFailure: false, logSize: 'small', ...extra };
}

function monolith(jobCount: number, logLines: number | undefined): ProjectSeed {
  const jobs: JobTemplate[] = [job('test:verbose', 'prepare', 60, logLines ? { logLines } : {})];
  for (let i = 1; jobs.length < jobCount; i++) {
    const stage = STAGES[i % STAGES.length]!;
    jobs.push(job(`${stage}:${WORDS[i % WORDS.length]} ${i}`, stage, 30 + (i % 90)));
  }
  return {
    namespace: 'fleet',
    path: 'monolith',
    name: 'monolith',
    description: `One repository, ${jobCount} jobs a pipeline.`,
    defaultBranch: 'main',
    branches: ['main'],
    visibility: 'internal',
    members: MEMBERS,
    stages: STAGES,
    jobs,
    // One pipeline, started minutes before the world opens: its first stages are done (the long
    // log is whole) and the rest is still running.
    history: 1,
  };
}
