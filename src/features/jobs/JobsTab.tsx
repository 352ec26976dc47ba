// The project's own job list (GET /projects/:id/jobs), newest first, with the status filter.
import { Box } from 'ink';
import type { Job } from '../../api/index.js';
import { useAppState } from '../../ui/context.js';
import { emptyText, useList } from '../../ui/use-list.js';
import { JobTable } from './JobTable.js';
import { ListStatus } from '../../ui/ListStatus.js';
import { listKeyText } from '../../store/types.js';
import { listKeys } from '../../domain/list-keys.js';
import { refText } from '../../domain/merge-request-refs.js';

/** Refs show as the pipelines tab shows them (`!312` for a merge request's). */
export function JobsTab({ projectId, width, height }: { projectId: number; width: number; height: number }) {
  const key = listKeys.projectJobs(projectId);
  const mergeRequests = useAppState((s) => s.mergeRequests);
  const { list, rows } = useList<Job>(key);
  const scope = useAppState((s) => s.jobScopes[listKeyText(key)]);
  return (
    <Box flexDirection="column" height={height}>
      <JobTable
        rows={rows}
        selected={list.selected}
        width={width}
        height={height - 1}
        showPipeline
        empty={emptyText(list, 'jobs')}
        refOf={(ref) => refText({ mergeRequests }, projectId, ref)}
      />
      <ListStatus list={list} shown={rows.length} noun="jobs" extra={scope?.length ? `status: ${scope.join(', ')}` : 's status filter'} />
    </Box>
  );
}
