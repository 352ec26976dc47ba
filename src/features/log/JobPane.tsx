// A job: a summary line, then its live log (src/log engine); `i` shows every field GitLab gives
// (commit, runner, artifacts, timing, failure reason, who) above the log instead.
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { detailLabels, jobBusy, jobPaneLayout, type DetailLabel } from './log-layout.js';
import type { Pane } from '../../store/types.js';
import { safeText, truncateToWidth } from '../../text/safe.js';
import { Fields, StatusBadge, type FieldRow } from '../../ui/components/index.js';
import { useApp, useAppState } from '../../ui/context.js';
import { absoluteTime, bytes, duration, jobSeconds, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { LogView } from './LogView.js';
import { waitingFor } from './waiting.js';
import { pastDurations, usualDuration } from '../../domain/durations.js';
import { useWaitLines } from '../runners/index.js';

export function JobPane({ pane, width, height }: { pane: Extract<Pane, { kind: 'job' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const job = useAppState((s) => s.jobs[pane.jobId]);
  const busy = useAppState((s) => jobBusy(s, pane.jobId));
  const view = useAppState((s) => s.logViews[pane.jobId]);
  const error = useAppState((s) => s.loadErrors[`job:${pane.jobId}`]);
  const history = useAppState((s) => s.jobHistory[pane.projectId]?.jobs);
  const erasedBy = useAppState((s) => s.erasedBy[pane.jobId]);
  // A pending job says why it waits, by GitLab's matching rules (the runners feature reads its project's runners).
  const why = useWaitLines(pane.projectId, job);
  if (!job) return <JobMissing jobId={pane.jobId} error={error} height={height} />;
  const t = (iso: string | null | undefined) => (iso ? `${absoluteTime(iso)} (${relativeTime(iso, now())})` : '—');
  const art = job.artifacts_file;
  // "3m 12s, usual 1m 40s": against the median of its last 20 successful runs on the ref.
  const took = usualDuration(jobSeconds(job, now()), pastDurations(history ?? [], job.name, job.ref, job.id)).text;
  // Each field's value, by label; which fields show, in which column, is the layout's (log-layout.ts detailLabels).
  const fields: Record<DetailLabel, Omit<FieldRow, 'label'>> = {
    Status: { value: <StatusBadge status={job.status} /> },
    Job: { value: `#${job.id} ${job.name}` },
    Stage: { value: job.stage },
    Ref: { value: `${job.ref}${job.tag ? ' (tag)' : ''}` },
    Pipeline: { value: job.pipeline ? `#${job.pipeline.id} (${job.pipeline.status})` : '—' },
    Commit: { value: `${job.commit.short_id} ${job.commit.title}` },
    Author: { value: `${job.commit.author_name} <${job.commit.author_email}>` },
    'Triggered by': { value: job.user ? `${job.user.name} (@${job.user.username})` : '—' },
    Runner: { value: job.runner ? `#${job.runner.id} ${job.runner.description}` : '—' },
    Tags: { value: (job.tag_list ?? []).join(', ') || '—' },
    Created: { value: t(job.created_at) },
    Queued: { value: duration(job.queued_duration) },
    Started: { value: t(job.started_at) },
    Finished: { value: t(job.finished_at) },
    Duration: { value: took },
    Artifacts: {
      value: art
        ? `${art.filename} (${bytes(art.size)})${job.artifacts_expire_at ? `, expire ${relativeTime(job.artifacts_expire_at, now())}` : ', kept'}`
        : '—',
    },
    Coverage: { value: job.coverage === null || job.coverage === undefined ? '—' : `${job.coverage}%` },
    'Allow failure': { value: job.allow_failure ? 'yes' : 'no' },
    Failure: { value: job.failure_reason, color: theme.error },
    Erased: { value: t(job.erased_at) },
  };
  const labels = detailLabels(job);
  const column = (names: readonly DetailLabel[]): FieldRow[] => names.map((label) => ({ label, ...fields[label] }));
  const left = column(labels.left);
  const right = column(labels.right);
  const half = Math.floor(width / 2);
  const waiting = why ? [waitingFor(job), ...why].join('\n') : waitingFor(job);
  // GitLab removed the log with the erase (docs/gitlab-api.md "Erased jobs"): say so, and when; who, when it was
  // us (the job entity does not say). log-view.ts reads no more of its trace.
  const erased = job.erased_at ? `This job was erased ${t(job.erased_at)}${erasedBy ? ` by ${erasedBy}` : ''}: GitLab removed its log and artifacts.` : null;
  const details = view?.details ?? false;
  // The rows of each part: the log's paging counts them with the same function (log-layout.ts).
  const layout = jobPaneLayout(height, job, details, busy !== undefined);
  const logHeight = layout.log;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {details ? (
        <Box height={layout.head} flexShrink={0} overflow="hidden">
          <Box width={half} flexDirection="column">
            <Fields rows={left} labelWidth={13} width={half} />
          </Box>
          <Box width={width - half} flexDirection="column">
            <Fields rows={right} labelWidth={13} width={width - half} />
          </Box>
        </Box>
      ) : (
        <Box flexDirection="column" height={layout.head} flexShrink={0} overflow="hidden">
          <Text wrap="truncate">
            <StatusBadge status={job.status} />
            <Text bold>
              {' '}
              #{job.id} {safeText(job.name, 60)}
            </Text>
            <Text dimColor>
              {' '}
              · {safeText(job.stage, 30)} · {safeText(job.ref, 40)} · pipeline #{job.pipeline?.id ?? '—'} · {took}
              {job.runner ? ` · ${safeText(job.runner.description, 40)}` : ''}
            </Text>
          </Text>
          <Text wrap="truncate">
            <Text dimColor>
              {job.commit.short_id} {safeText(job.commit.title, 80)} · by {safeText(job.user?.username ?? job.commit.author_name, 30)}
            </Text>
            {job.failure_reason ? <Text color={theme.error}> · failed: {safeText(job.failure_reason, 40)}</Text> : null}
            {art ? <Text dimColor> · artifacts {bytes(art.size)}</Text> : null}
            <Text dimColor> · i details</Text>
          </Text>
        </Box>
      )}
      {busy ? <Text color={theme.warning}>{safeText(busy, width)}</Text> : null}
      {erased ? (
        <Box height={logHeight + 1}>
          <Text dimColor>{safeText(erased, width * 3)}</Text>
        </Box>
      ) : (
        <>
          <LogView jobId={pane.jobId} width={width} height={logHeight} waiting={waiting} />
          <LogStatus jobId={pane.jobId} width={width} />
        </>
      )}
    </Box>
  );
}

/** Before the job is in: loading, or why it could not be loaded (R asks again; the poll does too). */
function JobMissing({ jobId, error, height }: { jobId: number; error: string | undefined; height: number }) {
  const theme = useTheme();
  if (!error)
    return (
      <Box height={height}>
        <Text dimColor>Loading job #{jobId}…</Text>
      </Box>
    );
  return (
    <Box height={height} flexDirection="column">
      <Text color={theme.error}>
        Could not load job #{jobId}: {safeText(error, 400)}
      </Text>
      <Text dimColor>R asks again · Esc goes back</Text>
    </Box>
  );
}

function LogStatus({ jobId, width }: { jobId: number; width: number }) {
  const theme = useTheme();
  const view = useAppState((s) => s.logViews[jobId]);
  if (!view) return <Text> </Text>;
  const search = view.search;
  const parts = [
    `${view.lines.toLocaleString('en')} lines`,
    bytes(view.bytes),
    `row ${Math.min(view.cursor + 1, Math.max(1, view.lines)).toLocaleString('en')}`,
    view.follow ? 'following' : 'paused (G/f follow)',
    view.wrap ? 'wrap' : null,
    view.timestamps ? 'timestamps' : null,
    search
      ? search.running
        ? `searching "${search.query}"…`
        : `"${search.query}" ${search.matches.length ? `${search.current + 1}/${search.matches.length}${search.truncated ? '+' : ''}` : 'no match'}`
      : null,
  ].filter(Boolean);
  return (
    <Text wrap="truncate">
      {/* First, so a narrow terminal cuts the counts, not the reason the log stopped. */}
      {view.diskFull ? <Text color={theme.error}>{truncateToWidth(safeText(view.diskFull, 200), width - 2)} · </Text> : null}
      <Text dimColor>{truncateToWidth(safeText(parts.join(' · '), 400), width - 2)}</Text>
      {view.error ? <Text color={theme.error}> · {safeText(view.error, 80)}</Text> : null}
    </Text>
  );
}
