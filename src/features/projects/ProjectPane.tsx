// A project: tabs Pipelines · Jobs · Schedules · Deployments · Events; keys 1–5 and Tab switch.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { safeText } from '../../text/safe.js';
import type { Pane } from '../../store/types.js';
import { Tabs } from '../../ui/components/index.js';
import { useAppState } from '../../ui/context.js';
import { JobsTab } from '../jobs/index.js';
import { PipelinesTab, refText } from '../pipelines/index.js';
import { DeploymentsTab } from '../deployments/index.js';
import { EventsList } from '../activity/index.js';
import { SchedulesTab } from '../schedules/index.js';
import { listKeys } from '../../store/sources.js';

const TABS = [
  { id: 'pipelines', label: '1 Pipelines' },
  { id: 'jobs', label: '2 Jobs' },
  { id: 'schedules', label: '3 Schedules' },
  { id: 'deployments', label: '4 Deployments' },
  { id: 'events', label: '5 Events' },
];

export function ProjectPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'project' }>; width: number; height: number }) {
  const project = useAppState((s) => s.projects[pane.projectId]);
  // The jobs tab shows merge-request refs as the pipelines tab does (`!312`).
  const mergeRequests = useAppState((s) => s.mergeRequests);
  const body = height - 2;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box>
        <Tabs tabs={TABS} active={pane.tab} />
        <Text dimColor> {safeText(project?.description ?? '', Math.max(0, width - 70))}</Text>
      </Box>
      <Box height={1} />
      {pane.tab === 'pipelines' ? (
        <PipelinesTab projectId={pane.projectId} width={width} height={body} />
      ) : pane.tab === 'jobs' ? (
        <JobsTab projectId={pane.projectId} width={width} height={body} refOf={(ref) => refText({ mergeRequests }, pane.projectId, ref)} />
      ) : pane.tab === 'schedules' ? (
        <SchedulesTab projectId={pane.projectId} width={width} height={body} />
      ) : pane.tab === 'deployments' ? (
        <DeploymentsTab projectId={pane.projectId} width={width} height={body} />
      ) : (
        <EventsList listKey={listKeys.projectEvents(pane.projectId)} showProject={false} width={width} height={body} />
      )}
    </Box>
  );
}
