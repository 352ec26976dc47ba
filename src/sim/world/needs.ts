// GitLab's stage order and DAG in the simulator's engine (World.process): a job with `needs` starts once what it
// needs finished, whatever its stage, and is skipped when one of those failed, was canceled or skipped.
import type { JobState, SimJob } from '../model.js';

/** What of the world it drives (World: statuses and queueing). */
interface Engine {
  setStatus(job: SimJob, status: JobState, at: number): void;
  enqueue(job: SimJob, at: number): void;
}

/**
 * The DAG's jobs: each starts once all it needs finished (skipped when one failed, was canceled
 * or skipped). True when one changed.
 */
export function processNeeds(world: Engine, jobs: SimJob[], at: number): boolean {
  const byName = new Map<string, SimJob>();
  for (const job of jobs) byName.set(job.name, job);
  let any = false;
  // A skip can skip what needs it in turn: repeat until nothing changes (at most once per job).
  for (let changed = true, rounds = 0; changed && rounds <= jobs.length; rounds++) {
    changed = false;
    for (const job of jobs) {
      if (job.status !== 'created' || job.needs === null) continue;
      let ready = true;
      let broken = false;
      for (const name of job.needs) {
        const need = byName.get(name);
        // A need on a job this ref does not have (`only`) is left out, as `needs:optional` does.
        if (!need) continue;
        if (need.status === 'success' || ((need.status === 'failed' || need.status === 'canceled') && need.allowFailure)) continue;
        if (need.status === 'failed' || need.status === 'canceled' || need.status === 'skipped') broken = true;
        else ready = false;
      }
      if (broken && job.when !== 'always') world.setStatus(job, 'skipped', at);
      else if (!ready && !broken) continue;
      else if (job.when === 'manual') world.setStatus(job, 'manual', at);
      else world.enqueue(job, at);
      changed = any = true;
    }
  }
  return any;
}

/** The stage order: a stage starts when every earlier one is complete; after a failure later jobs are skipped. */
export function processStages(world: Engine, byStage: SimJob[][], at: number): void {
  let blocked = false;
  let failedBefore = false;
  for (const stageJobs of byStage) {
    if (blocked) break;
    for (const job of stageJobs) {
      if (job.status !== 'created' || job.needs !== null) continue;
      if (failedBefore && job.when !== 'always') world.setStatus(job, 'skipped', at);
      else if (job.when === 'manual') world.setStatus(job, 'manual', at);
      else world.enqueue(job, at);
    }
    for (const job of stageJobs) {
      // A DAG job still waiting on its needs holds the later stages as a running one does.
      if (job.status === 'pending' || job.status === 'running' || job.status === 'created') blocked = true;
      if (job.status === 'manual' && !job.allowFailure) blocked = true;
      if ((job.status === 'failed' || job.status === 'canceled') && !job.allowFailure) failedBefore = true;
    }
  }
}
