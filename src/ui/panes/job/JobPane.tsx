// A job: every field GitLab gives (commit, runner, artifacts, timing, failure reason, who). The
// live log lands below these fields with the log work.
import { Box, Text } from 'ink';
import type { Pane } from '../../../store/types.js';
import { safeText } from '../../../text/safe.js';
import { Fields, StatusBadge } from '../../components/index.js';
import { useApp, useAppState } from '../../context.js';
import { absoluteTime, bytes, duration, relativeTime } from '../../format.js';
import { useTheme } from '../../theme.js';

export function JobPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'job' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const job = useAppState((s) => s.jobs[pane.jobId]);
  const busy = useAppState((s) => Object.entries(s.inflight).find(([k]) => k.endsWith(`:${pane.jobId}`))?.[1]);
  if (!job) return <Box height={height}><Text dimColor>Loading job #{pane.jobId}…</Text></Box>;
  const t = (iso: string | null | undefined) => (iso ? `${absoluteTime(iso)} (${relativeTime(iso, now())})` : '—');
  const art = job.artifacts_file;
  const left = [
    { label: 'Status', value: <StatusBadge status={job.status} /> },
    { label: 'Job', value: `#${job.id} ${job.name}` },
    { label: 'Stage', value: job.stage },
    { label: 'Ref', value: `${job.ref}${job.tag ? ' (tag)' : ''}` },
    { label: 'Pipeline', value: job.pipeline ? `#${job.pipeline.id} (${job.pipeline.status})` : '—' },
    { label: 'Commit', value: `${job.commit.short_id} ${job.commit.title}` },
    { label: 'Author', value: `${job.commit.author_name} <${job.commit.author_email}>` },
    { label: 'Triggered by', value: job.user ? `${job.user.name} (@${job.user.username})` : '—' },
    { label: 'Runner', value: job.runner ? `#${job.runner.id} ${job.runner.description}` : '—' },
    { label: 'Tags', value: (job.tag_list ?? []).join(', ') || '—' },
  ];
  const right = [
    { label: 'Created', value: t(job.created_at) },
    { label: 'Queued', value: duration(job.queued_duration) },
    { label: 'Started', value: t(job.started_at) },
    { label: 'Finished', value: t(job.finished_at) },
    { label: 'Duration', value: duration(job.duration) },
    { label: 'Artifacts', value: art ? `${art.filename} (${bytes(art.size)})${job.artifacts_expire_at ? `, expire ${relativeTime(job.artifacts_expire_at, now())}` : ', kept'}` : '—' },
    { label: 'Coverage', value: job.coverage === null || job.coverage === undefined ? '—' : `${job.coverage}%` },
    { label: 'Allow failure', value: job.allow_failure ? 'yes' : 'no' },
    ...(job.failure_reason ? [{ label: 'Failure', value: job.failure_reason, color: theme.error }] : []),
    ...(job.erased_at ? [{ label: 'Erased', value: t(job.erased_at) }] : []),
  ];
  const half = Math.floor(width / 2);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box>
        <Box width={half} flexDirection="column">
          <Fields rows={left} labelWidth={13} />
        </Box>
        <Box width={width - half} flexDirection="column">
          <Fields rows={right} labelWidth={13} />
        </Box>
      </Box>
      {busy ? <Text color={theme.warning}>{safeText(busy, width)}</Text> : null}
      <Text dimColor>{safeText(job.web_url ?? '', width)}</Text>
      <Box marginTop={1}>
        <Text dimColor>{job.status === 'created' || job.status === 'pending' || job.status === 'manual' ? 'This job has not started: there is no log yet.' : 'Log: not shown yet in this version (o opens the job page).'}</Text>
      </Box>
    </Box>
  );
}
