// One deployment: its environment (o opens the external URL), what was deployed (ref, commit),
// who and when, and the job that deployed it — Enter opens that job and its log.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { Fields, NotLoaded, StatusBadge, type FieldRow } from '../../ui/components/index.js';
import { deploymentLoadKey } from './slice.js';
import { useApp, useAppState } from '../../ui/context.js';
import { absoluteTime, duration, relativeTime } from '../../ui/format.js';

export function DeploymentPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'deployment' }>; width: number; height: number }) {
  const { now } = useApp();
  const d = useAppState((s) => s.deployments[pane.deploymentId]);
  const error = useAppState((s) => s.loadErrors[deploymentLoadKey(pane.deploymentId)]);
  if (!d) return <NotLoaded what={`deployment #${pane.deploymentId}`} loading="Loading deployment…" error={error} height={height} />;
  const t = (iso: string | null | undefined) => (iso ? `${absoluteTime(iso)} (${relativeTime(iso, now())})` : '—');
  const job = d.deployable;
  const env = d.environment;
  const rows: FieldRow[] = [
    { label: 'Status', value: <StatusBadge status={d.status ?? 'unknown'} gitlabWord /> },
    { label: 'Deployment', value: `#${d.iid} (id ${d.id})` },
    { label: 'Environment', value: env ? `${env.name} (id ${env.id})` : '—' },
    { label: 'External URL', value: env?.external_url ? `${env.external_url}  · o opens it` : 'none set' },
    { label: 'Ref', value: d.ref },
    { label: 'Commit', value: `${d.sha.slice(0, 8)}${job?.commit ? ` ${job.commit.title}` : ''}` },
    ...(job?.commit ? [{ label: 'Author', value: `${job.commit.author_name} <${job.commit.author_email}>` }] : []),
    { label: 'Deployed by', value: d.user ? `${d.user.name} (@${d.user.username})` : '—' },
    { label: 'Created', value: t(d.created_at) },
    { label: 'Updated', value: t(d.updated_at) },
  ];
  const jobRows: FieldRow[] = job
    ? [
        {
          label: 'Job',
          value: (
            <Text wrap="truncate">
              <StatusBadge status={job.status} />
              <Text>
                {' '}
                #{job.id} {safeText(job.name, 60)}
              </Text>
              <Text dimColor> (stage {safeText(job.stage, 30)}) ⏎ opens the job and its log</Text>
            </Text>
          ),
        },
        {
          label: 'Job ran',
          value: `${job.started_at ? `started ${relativeTime(job.started_at, now())}` : 'not started'}${job.finished_at ? ` · finished ${relativeTime(job.finished_at, now())}` : ''}${job.duration != null ? ` · ${duration(job.duration)}` : ''}`,
        },
        { label: 'Job user', value: job.user ? `${job.user.name} (@${job.user.username})${job.user.location ? ` · ${job.user.location}` : ''}` : '—' },
      ]
    : [{ label: 'Job', value: 'none (deployed without a job)' }];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {/* Nothing shrinks: on a short screen Yoga squeezed rows over each other; the pane clips instead. */}
      <Box flexDirection="column" flexShrink={0}>
        <Text bold>
          Deployment #{d.iid} to {safeText(env?.name ?? '?', 60)}
        </Text>
        <Box height={1} />
        <Fields rows={rows} labelWidth={14} />
        <Box height={1} />
        <Fields rows={jobRows} labelWidth={14} />
      </Box>
    </Box>
  );
}
