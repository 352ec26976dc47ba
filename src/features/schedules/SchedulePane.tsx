// One pipeline schedule: every field, its next runs in its own zone, the owner (and what that
// means for who may change it), the last pipeline (Enter opens it) and its variables: keys and types,
// their values on `v` (variable-rows.ts).
import { Box } from 'ink';
import { Text } from '../../ui/components/Text.js';
import { useMemo } from 'react';
import { nextRuns, resolveTimeZone } from '../../cron/cron.js';
import type { Pane } from '../../store/types.js';
import { safeText } from '../../text/safe.js';
import { Fields, NotLoaded, StatusBadge, type FieldRow } from '../../ui/components/index.js';
import { scheduleLoadKey } from './slice.js';
import { useApp, useAppState } from '../../ui/context.js';
import { absoluteTime, relativeTime } from '../../ui/format.js';
import { useTheme } from '../../ui/theme.js';
import { cronInWords, untilTime, zonedTime } from './zoned.js';
import { busyWith } from '../../store/guard.js';
import { noLastPipeline, variableRows } from './variable-rows.js';

export function SchedulePane({ pane, width, height }: { pane: Extract<Pane, { kind: 'schedule' }>; width: number; height: number }) {
  const { now } = useApp();
  const theme = useTheme();
  const schedule = useAppState((s) => s.schedules[pane.scheduleId]);
  const error = useAppState((s) => s.loadErrors[scheduleLoadKey(pane.scheduleId)]);
  const me = useAppState((s) => s.user?.username);
  const revealed = useAppState((s) => s.revealed[pane.scheduleId] ?? false);
  const detailRead = useAppState((s) => s.detailRead[pane.scheduleId] ?? false);
  const busy = useAppState((s) => busyWith(s.inflight, 'schedule', pane.scheduleId));
  const cron = schedule?.cron;
  const zone = schedule?.cron_timezone;
  // The four runs after next, computed here in the schedule's zone (GitLab gives only the next one).
  const later = useMemo(() => {
    if (!cron || !zone || !resolveTimeZone(zone) || !schedule?.next_run_at) return [];
    try {
      return nextRuns(cron, zone, Date.parse(schedule.next_run_at), 4);
    } catch {
      return [];
    }
  }, [cron, zone, schedule?.next_run_at]);
  if (!schedule) return <NotLoaded what={`schedule #${pane.scheduleId}`} error={error} height={height} />;

  const t = (iso: string | null | undefined) => (iso ? `${absoluteTime(iso)} (${relativeTime(iso, now())})` : '—');
  const mine = schedule.owner?.username === me;
  const last = schedule.last_pipeline;
  const rows: FieldRow[] = [
    { label: 'Description', value: schedule.description },
    {
      label: 'Active',
      value: schedule.active ? 'yes — runs on schedule' : 'no — paused (space activates)',
      color: schedule.active ? theme.success : theme.warning,
    },
    { label: 'Ref', value: schedule.ref },
    { label: 'Cron', value: `${schedule.cron}   ${cronInWords(schedule.cron, schedule.cron_timezone)}` },
    {
      label: 'Time zone',
      value: `${schedule.cron_timezone}${resolveTimeZone(schedule.cron_timezone) && resolveTimeZone(schedule.cron_timezone) !== schedule.cron_timezone ? ` (${resolveTimeZone(schedule.cron_timezone)})` : ''}`,
    },
    {
      label: 'Next run',
      value: schedule.active
        ? `${zonedTime(schedule.next_run_at, schedule.cron_timezone)} (${untilTime(schedule.next_run_at, now())}) · ${absoluteTime(schedule.next_run_at)}`
        : 'not while inactive',
    },
    ...(schedule.active && later.length
      ? [{ label: 'Then', value: later.map((ms) => zonedTime(ms, schedule.cron_timezone).replace(/^(\S+) \d{4}-(\S+) (\S+) \S+$/, '$1 $2 $3')).join(' · ') }]
      : []),
    { label: 'Owner', value: `${schedule.owner ? `${schedule.owner.name} (@${schedule.owner.username})` : '—'}${mine ? ' — you' : ''}` },
    {
      label: 'Last pipeline',
      value: last ? (
        <Text>
          <StatusBadge status={last.status} />
          <Text>
            {' '}
            #{last.id} on {safeText(last.ref, 40)} · {safeText(last.sha.slice(0, 8), 8)}
          </Text>
          <Text dimColor> ⏎ opens it</Text>
        </Text>
      ) : (
        noLastPipeline(last, detailRead, Boolean(error))
      ),
    },
    ...variableRows(schedule, revealed, detailRead),
    // Inputs are configuration, not secrets (GitLab shows them on the schedule's page): values shown.
    ...(schedule.inputs?.length ? [{ label: 'Inputs', value: schedule.inputs.map((i) => `${i.name}=${inputValue(i.value)}`).join(', ') }] : []),
    { label: 'Created', value: t(schedule.created_at) },
    { label: 'Updated', value: t(schedule.updated_at) },
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {/* Nothing shrinks: on a short screen Yoga squeezed rows over each other; the pane clips instead. */}
      <Box flexDirection="column" flexShrink={0}>
        <Box>
          <Text bold>Schedule #{schedule.id} </Text>
          <Text>{safeText(schedule.description, Math.max(10, width - 20))}</Text>
        </Box>
        <Box height={1} />
        <Fields rows={rows} labelWidth={15} />
        <Box height={1} />
        {busy ? <Text color={theme.warning}>{safeText(busy, width)}</Text> : null}
        {!mine && schedule.owner ? (
          <Text dimColor wrap="truncate">
            Only its owner (@{safeText(schedule.owner.username, 40)}) may edit it; O takes ownership, and its pipelines then run as you.
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/** An input's value as typed in CI configuration: strings bare, other types as JSON. */
function inputValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}
