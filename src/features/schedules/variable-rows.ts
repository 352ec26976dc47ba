// The schedule pane's Variables rows: the keys and types, the values only when asked (`v`: they
// are often secrets), and why there are none to show — none set, not sent to this user (GitLab
// shows them to the owner and maintainers only), or not read yet.
import type { PipelineSchedule } from '../../api/index.js';
import type { FieldRow } from '../../ui/components/index.js';

const typeNote = (type: string | undefined) => (type === 'file' ? ' (file)' : '');

export function variableRows(schedule: PipelineSchedule, revealed: boolean, detailRead: boolean): FieldRow[] {
  const vars = schedule.variables;
  if (vars === undefined) {
    return [{ label: 'Variables', value: detailRead ? 'not shown to you — GitLab shows them to its owner and maintainers' : 'loading…' }];
  }
  if (vars.length === 0) return [{ label: 'Variables', value: 'none' }];
  if (!revealed) {
    return [{ label: 'Variables', value: `${vars.map((v) => `${v.key}${typeNote(v.variable_type)}`).join(', ')} — values hidden (v shows them)` }];
  }
  return [
    { label: 'Variables', value: `${vars.length} — v hides the values` },
    ...vars.map((v) => ({ label: `  ${v.key}`, value: `= ${v.value}${typeNote(v.variable_type)}` })),
  ];
}

/** The Last pipeline row's words when there is no pipeline to show. */
export function noLastPipeline(last: null | undefined, detailRead: boolean, failed: boolean): string {
  if (last === null) return 'none yet';
  if (detailRead) return '— (GitLab did not send it)';
  return failed ? '— (not read: see the error above)' : 'loading…';
}
