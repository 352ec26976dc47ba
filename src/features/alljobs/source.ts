// `:jobs` as a list: its rows are read by this feature's poll (read.ts), so the source only names
// them (identity, the text `/` filters on) and gives back what is held.
import type { ListSource } from '../../store/sources.js';
import { listOf } from '../../store/store.js';
import type { AppState, ListKey } from '../../store/types.js';
import { MAX_ROWS } from './read.js';
import type { FleetJob } from './slice.js';

export function allJobsSource(key: ListKey, state: () => AppState): ListSource<FleetJob> | undefined {
  if (key.kind !== 'allJobs') return undefined;
  return {
    fetch: async () => ({ items: listOf<FleetJob>(state(), key).items, page: 1, nextPage: null }),
    idOf: (r) => r.job.id,
    textOf: (r) => `#${r.job.id} ${r.job.name} ${r.job.stage} ${r.job.status} ${r.job.ref} ${r.path} ${r.job.user?.username ?? ''}`,
    complete: true,
    perPage: MAX_ROWS,
  };
}
