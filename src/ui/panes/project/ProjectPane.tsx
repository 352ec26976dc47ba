// A project: tabs Pipelines · Jobs · Schedules · Deployments · Events (the last three arrive with
// their own work; their places are kept so the keys 1–5 never change meaning).
import { Box, Text } from 'ink';
import { safeText } from '../../../text/safe.js';
import type { Pane } from '../../../store/types.js';
import { Tabs } from '../../components/index.js';
import { useAppState } from '../../context.js';
import { JobsTab } from './JobsTab.js';
import { PipelinesTab } from './PipelinesTab.js';

const TABS = [
  { id: 'pipelines', label: '1 Pipelines' },
  { id: 'jobs', label: '2 Jobs' },
  { id: 'schedules', label: '3 Schedules' },
  { id: 'deployments', label: '4 Deployments' },
  { id: 'events', label: '5 Events' },
];

export function ProjectPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'project' }>; width: number; height: number }) {
  const project = useAppState((s) => s.projects[pane.projectId]);
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
        <JobsTab projectId={pane.projectId} width={width} height={body} />
      ) : (
        <Box height={body} flexDirection="column">
          <Text dimColor>The {pane.tab} view is not built yet. Keys 1 and 2 switch to pipelines and jobs.</Text>
        </Box>
      )}
    </Box>
  );
}
