// A runner (`:runner ID`, Enter on `:runners`): what it takes (tags, untagged, protected refs, locked,
// timeout), its state and version, each machine (manager) with its failed jobs by reason — a machine
// whose failures blame it far more than the others' is flagged — and its newest jobs. GitLab lists an
// instance runner's jobs to administrators only: the pane says so instead.
import { Box } from 'ink';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { duration } from '../../time/duration.js';
import { relativeTime } from '../../time/relative-time.js';
import { StatusBadge } from '../../ui/components/index.js';
import { Text } from '../../ui/components/Text.js';
import { useApp, useAppState } from '../../ui/context.js';
import { useTheme } from '../../ui/theme.js';
import { runnerState } from './explain.js';
import { flagged, groupFailures, reasonWords } from './failures.js';

type RunnerPaneProps = { pane: Extract<Pane, { kind: 'runner' }>; width: number; height: number };

export function RunnerPane({ pane, width, height }: RunnerPaneProps) {
  const theme = useTheme();
  const { now } = useApp();
  const info = useAppState((s) => s.runnerInfo[pane.runnerId]);
  const view = useAppState((s) => s.runnerViews[pane.runnerId]);
  const d = info?.details;
  if (!d)
    return (
      <Box height={height} flexDirection="column">
        <Text color={info?.error ? theme.error : undefined} dimColor={!info?.error} wrap="wrap">
          {info?.error ? `Cannot read runner #${pane.runnerId}: ${info.error}` : `Reading runner #${pane.runnerId}…`}
        </Text>
        {info?.error ? <Text dimColor>R tries again · esc back</Text> : null}
      </Box>
    );
  const state = runnerState(d);
  const tags = (d.tag_list ?? []).join(', ') || '(none)';
  const managers = view?.managers ?? [];
  // Failed jobs by machine: each job of `failedBy` is that machine's, so its manager is known.
  const failed = Object.entries(view?.failedBy ?? {}).flatMap(([systemId, jobs]) =>
    jobs.map((j) => ({ failure_reason: j.failure_reason, runner: { id: d.id, description: d.description }, runner_manager: { id: 0, system_id: systemId } })),
  );
  const groups = groupFailures(failed);
  const flags = new Set(flagged(groups).map((g) => g.machine));
  const jobsRoom = Math.max(0, height - 6 - managers.length - 1);
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text bold wrap="truncate">
        #{d.id} {safeText(d.description ?? '', 60)} · {d.runner_type?.replace('_type', '') ?? '?'} runner ·{' '}
        <Text color={state === 'online' ? theme.success : state === 'paused' ? theme.warning : theme.error}>{state}</Text>
        {d.paused && d.online ? ' (polling, takes nothing)' : ''} · last contact {relativeTime(d.contacted_at, now())}
      </Text>
      <Text wrap="truncate">
        Takes tags {safeText(tags, 80)} · untagged {d.run_untagged ? 'yes' : 'no'} · refs {d.access_level === 'ref_protected' ? 'protected only' : 'any'} ·
        locked {d.locked ? 'yes' : 'no'} · max timeout {d.maximum_timeout ? duration(d.maximum_timeout) : 'the project’s'}
      </Text>
      <Text wrap="truncate" dimColor>
        Version {safeText(d.version ?? '—', 20)} {d.revision ? `(${safeText(d.revision, 12)})` : ''} {safeText(d.platform ?? '', 12)}/
        {safeText(d.architecture ?? '', 12)} · running now:{' '}
        {view?.running ?? (d.job_execution_status === 'active' ? 'some' : d.job_execution_status === 'idle' ? 0 : '?')}
        {d.maintenance_note ? ` · note: ${safeText(d.maintenance_note, 80)}` : ''}
      </Text>
      <Text bold wrap="truncate">
        Machines ({managers.length}){view?.managersError ? `: ${safeText(view.managersError, width)}` : ''}
      </Text>
      {managers.map((m) => {
        const g = groups.find((x) => x.machine === m.system_id);
        return (
          <Text key={m.id} wrap="truncate" color={flags.has(m.system_id) ? theme.error : undefined}>
            {flags.has(m.system_id) ? '⚠ ' : '  '}
            {safeText(m.system_id, 24)} · {safeText(m.status ?? '?', 16)} · {safeText(m.version ?? '', 16)} ·{' '}
            {safeText(`${m.platform ?? ''}/${m.architecture ?? ''}`, 24)} · contact {relativeTime(m.contacted_at, now())}
            {g ? ` · failed: ${reasonWords(g.reasons)}` : view?.failedBy ? ' · no failed job' : ''}
          </Text>
        );
      })}
      <Text bold wrap="truncate">
        Recent jobs{view?.jobsError ? '' : view?.jobs ? ` (${view.jobs.length})` : ' (reading…)'}
      </Text>
      {view?.jobsError ? (
        <Text dimColor wrap="wrap">
          {d.runner_type === 'instance_type'
            ? `GitLab lists an instance runner's jobs to administrators only (${safeText(view.jobsError, width)}).`
            : `Cannot read its jobs: ${safeText(view.jobsError, width)}`}
        </Text>
      ) : (
        (view?.jobs ?? []).slice(0, jobsRoom).map((j) => (
          <Text key={j.id} wrap="truncate">
            <StatusBadge status={j.status} /> #{j.id} {safeText(j.name, 30)}{' '}
            <Text dimColor>
              {safeText(j.project.path_with_namespace, 40)} · {safeText(j.ref, 30)} · {duration(j.duration)}
              {j.failure_reason ? ` · ${j.failure_reason.replace(/_/g, ' ')}` : ''}
            </Text>
          </Text>
        ))
      )}
    </Box>
  );
}
