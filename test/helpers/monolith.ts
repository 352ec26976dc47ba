// The simulator's scaled `fleet/monolith`: opens the pane of its newest pipeline (running, with the
// rig's `scale.pipelineJobs` jobs) and waits until every page of its jobs is in.
import type { ListKey, Pane } from '../../src/store/types.js';
import type { AppRig } from './app.js';
import { listKeys } from '../../src/domain/list-keys.js';

export async function openMonolithPipeline(rig: AppRig): Promise<{ pipelineId: number; key: string; listKey: ListKey }> {
  const project = [...rig.sim.world.projects.values()].find((p) => p.path === 'monolith')!;
  const ids = rig.sim.world.projectPipelines.get(project.id)!;
  const pipelineId = ids[ids.length - 1]!;
  const key = `pipelineJobs:${project.id}:${pipelineId}`;
  rig.store.setState((s) => ({
    stack: [...s.stack.slice(0, 1), { kind: 'pipeline', projectId: project.id, path: 'fleet/monolith', pipelineId, view: 'list' }] as Pane[],
  }));
  await rig.until(
    () => rig.store.getState().lists[key]?.nextPage === null && !rig.store.getState().lists[key]?.loading,
    'the first load of every page',
    20_000,
  );
  return { pipelineId, key, listKey: listKeys.pipelineJobs(project.id, pipelineId) };
}
