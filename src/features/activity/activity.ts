// The controller's side of the schedules, deployments, activity and SSH key views: which keymap
// scopes they use, what their commands do, where Enter leads, which web page `o` opens, what a
// refresh re-reads, and the palette's `:events`, `:user` and `:key`. controller.ts, polling.ts and
// palette.ts call in here with one line each.
import { isGitLabApiError, type Deployment, type Event, type PipelineSchedule } from '../../api/index.js';
import type { CommandId, Scope } from '../../keymap/bindings.js';
import { safeText } from '../../text/safe.js';
import { eventUrl } from './event-line.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import { EVENT_FILTER_HINT, formatEventFilters, parseEventFilters } from './events-filter.js';
import { resetList, selectedRow } from '../../store/lists.js';
import { cycleScheduleScope, deleteSchedule, openScheduleForm, scheduleGone, scheduleLabel, storeSchedule, takeOwnership, toggleSchedule } from '../schedules/schedules.js';
import { listKeyOf, listKeys } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import type { ListKey, Pane, ProjectTab } from '../../store/types.js';

export type ActivityPane = Extract<Pane, { kind: 'schedule' | 'scheduleForm' | 'deployment' | 'events' | 'key' }>;
type ProjectPane = Extract<Pane, { kind: 'project' }>;

const ACTIVITY_KINDS = new Set<Pane['kind']>(['schedule', 'scheduleForm', 'deployment', 'events', 'key']);
export const isActivityPane = (pane: Pane): pane is ActivityPane => ACTIVITY_KINDS.has(pane.kind);
export const isActivityTab = (tab: ProjectTab): boolean => tab === 'schedules' || tab === 'deployments' || tab === 'events';

// ---- keymap scopes ------------------------------------------------------------------------------------

/** Scopes of a project tab this module owns (the others keep theirs in controller.ts). */
export function projectTabScopes(tab: ProjectTab): Scope[] {
  if (tab === 'schedules') return ['schedules', 'project', 'list', 'global'];
  if (tab === 'deployments') return ['deployments', 'project', 'list', 'global'];
  if (tab === 'events') return ['events', 'project', 'list', 'global'];
  return ['project', 'global'];
}

export function activityScopes(pane: ActivityPane): Scope[] {
  switch (pane.kind) {
    case 'schedule':
      return ['schedule', 'global'];
    case 'scheduleForm':
      // Keys go to the form itself (controller.handleKey); this scope only feeds the footer and help.
      return ['scheduleForm'];
    case 'deployment':
      return ['deployment', 'global'];
    case 'events':
      return ['events', 'list', 'global'];
    case 'key':
      return ['key', 'global'];
  }
}

// ---- commands -----------------------------------------------------------------------------------------

/** The schedule a command acts on: the detail pane's, or the selected row's. */
function targetSchedule(ctx: Ctx, pane: Pane): PipelineSchedule | undefined {
  const state = ctx.store.getState();
  if (pane.kind === 'schedule') return state.schedules[pane.scheduleId];
  if (pane.kind === 'project' && pane.tab === 'schedules') return selectedRow<PipelineSchedule>(ctx, listKeys.schedules(pane.projectId));
  return undefined;
}

export function runActivityCommand(ctx: Ctx, command: CommandId, pane: Pane): void {
  const inSchedules = pane.kind === 'schedule' || (pane.kind === 'project' && pane.tab === 'schedules');
  switch (command) {
    case 'schedule.add':
      if (inSchedules) openScheduleForm(ctx, pane.projectId, pane.path);
      return;
    case 'schedule.edit':
    case 'schedule.toggle':
    case 'schedule.takeOwnership':
    case 'schedule.delete': {
      if (!inSchedules) return;
      const schedule = targetSchedule(ctx, pane);
      if (!schedule) return void toast(ctx.store, 'info', 'No schedule selected (still loading?)');
      if (command === 'schedule.edit') return openScheduleForm(ctx, pane.projectId, pane.path, schedule);
      if (command === 'schedule.toggle') return toggleSchedule(ctx, pane.projectId, schedule);
      if (command === 'schedule.takeOwnership') return takeOwnership(ctx, pane.projectId, schedule);
      return deleteSchedule(ctx, pane.projectId, schedule);
    }
    case 'schedules.scope':
      if (pane.kind === 'project' && pane.tab === 'schedules') cycleScheduleScope(ctx, pane.projectId);
      return;
    case 'events.filters': {
      const key = listKeyOf(pane);
      if (key?.startsWith('events:')) eventFilterPrompt(ctx, key);
      return;
    }
    default:
      return;
  }
}

/** `f` on an activity list: action, target type, before/after dates, sort — validated. */
export function eventFilterPrompt(ctx: Ctx, key: ListKey): void {
  const current = ctx.store.getState().listFilters[key];
  ctx.store.setState({
    prompt: {
      id: 'events.filters',
      label: 'Filter activity:',
      initial: formatEventFilters(current),
      hint: EVENT_FILTER_HINT,
      submit: { command: 'events.filters', args: { key } },
    },
  });
}

/** Enter in the activity filter prompt: invalid input keeps it open with a message. */
export function submitEventFilters(ctx: Ctx, { key }: { key: ListKey }, value: string): string | null {
  const parsed = parseEventFilters(value);
  if ('error' in parsed) return parsed.error;
  ctx.store.setState((s) => {
    const listFilters = { ...s.listFilters };
    if (Object.keys(parsed.filters).length) listFilters[key] = { ...parsed.filters } as Record<string, string>;
    else delete listFilters[key];
    return { listFilters };
  });
  void resetList(ctx, key);
  return null;
}

// ---- Enter ---------------------------------------------------------------------------------------------

/** Enter on this module's panes and tabs. Returns false for panes it does not own. */
export function openActivity(ctx: Ctx, pane: Pane): boolean {
  const { store } = ctx;
  const push = (next: Pane) => store.setState((s) => ({ stack: [...s.stack, next] }));
  if (pane.kind === 'project') {
    if (!isActivityTab(pane.tab)) return false;
    const key = listKeyOf(pane)!;
    if (pane.tab === 'schedules') {
      const row = selectedRow<PipelineSchedule>(ctx, key);
      if (row) {
        store.setState((s) => ({ schedules: { ...s.schedules, [row.id]: { ...s.schedules[row.id], ...row } } }));
        push({ kind: 'schedule', projectId: pane.projectId, path: pane.path, scheduleId: row.id });
      }
    } else if (pane.tab === 'deployments') {
      const row = selectedRow<Deployment>(ctx, key);
      if (row) {
        store.setState((s) => ({ deployments: { ...s.deployments, [row.id]: row } }));
        push({ kind: 'deployment', projectId: pane.projectId, path: pane.path, deploymentId: row.id });
      }
    } else {
      toast(store, 'info', 'o opens this event on GitLab');
    }
    return true;
  }
  if (!isActivityPane(pane)) return false;
  const state = store.getState();
  switch (pane.kind) {
    case 'schedule': {
      const last = state.schedules[pane.scheduleId]?.last_pipeline;
      if (last) push({ kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: last.id, view: 'list' });
      else toast(store, 'info', 'This schedule has not run a pipeline yet');
      return true;
    }
    case 'deployment': {
      const job = state.deployments[pane.deploymentId]?.deployable;
      if (job) push({ kind: 'job', projectId: pane.projectId, path: pane.path, jobId: job.id });
      else toast(store, 'info', 'This deployment has no job');
      return true;
    }
    case 'events': {
      const event = selectedRow<Event>(ctx, listKeyOf(pane)!);
      if (!event) return true;
      const project = state.projects[event.project_id];
      if (project) push({ kind: 'project', projectId: project.id, path: project.path_with_namespace, tab: 'pipelines' });
      else toast(store, 'info', `Project #${event.project_id} is not visible to you`);
      return true;
    }
    case 'key': {
      const user = state.sshKeys[pane.keyId]?.user;
      if (user) push({ kind: 'events', who: { user: user.username } });
      return true;
    }
    case 'scheduleForm':
      return true;
  }
}

// ---- o / y ---------------------------------------------------------------------------------------------

/** The web page of what is selected in this module's panes and tabs. */
export function activityUrl(ctx: Ctx, pane: ActivityPane | ProjectPane): string | undefined {
  const state = ctx.store.getState();
  const projectUrl = (id: number) => state.projects[id]?.web_url;
  const envUrl = (d: Deployment | undefined, projectId: number) => {
    if (!d) return undefined;
    if (d.environment?.external_url) return d.environment.external_url;
    const base = projectUrl(projectId);
    return base && d.environment ? `${base}/-/environments/${d.environment.id}` : base;
  };
  switch (pane.kind) {
    case 'project': {
      const key = listKeyOf(pane);
      const base = projectUrl(pane.projectId);
      if (pane.tab === 'schedules') return base && `${base}/-/pipeline_schedules`;
      if (pane.tab === 'deployments') return envUrl(key ? selectedRow<Deployment>(ctx, key) : undefined, pane.projectId) ?? (base && `${base}/-/environments`);
      if (pane.tab === 'events') {
        const event = key ? selectedRow<Event>(ctx, key) : undefined;
        return event ? eventUrl(event, projectUrl(event.project_id) ?? base) : base && `${base}/activity`;
      }
      return base;
    }
    case 'schedule': {
      const base = projectUrl(pane.projectId);
      return base && `${base}/-/pipeline_schedules/${pane.scheduleId}/edit`;
    }
    case 'scheduleForm': {
      const base = projectUrl(pane.projectId);
      return base && `${base}/-/pipeline_schedules`;
    }
    case 'deployment':
      return envUrl(state.deployments[pane.deploymentId], pane.projectId);
    case 'events': {
      const event = selectedRow<Event>(ctx, listKeyOf(pane)!);
      return event ? eventUrl(event, projectUrl(event.project_id)) : undefined;
    }
    case 'key':
      return state.sshKeys[pane.keyId]?.user?.web_url;
  }
}

// ---- refresh --------------------------------------------------------------------------------------------

/** What a refresh re-reads for this module's detail panes (their lists refresh on their own). */
export async function refreshActivityPane(ctx: Ctx, pane: ActivityPane): Promise<void> {
  const { store, gl } = ctx;
  try {
    if (pane.kind === 'schedule') {
      const schedule = await gl.schedules.get(pane.projectId, pane.scheduleId);
      if (store.getState().schedules[schedule.id] !== schedule) storeSchedule(ctx, pane.projectId, schedule);
    } else if (pane.kind === 'deployment') {
      const d = await gl.deployments.get(pane.projectId, pane.deploymentId);
      if (store.getState().deployments[d.id] !== d) store.setState((s) => ({ deployments: { ...s.deployments, [d.id]: d } }));
    } else if (pane.kind === 'key') {
      const key = await gl.keys.get(pane.keyId);
      if (store.getState().sshKeys[key.id] !== key) store.setState((s) => ({ sshKeys: { ...s.sshKeys, [key.id]: key } }));
    } else return;
    ctx.connectionOk();
  } catch (error) {
    if (isGitLabApiError(error) && error.status === 404 && pane.kind === 'schedule') {
      // Deleted elsewhere (another user, the web page): close its pane and say so, once, rather
      // than show a stale schedule and an error on every refresh.
      const known = store.getState().schedules[pane.scheduleId];
      scheduleGone(ctx, pane.projectId, pane.scheduleId);
      toast(store, 'info', `${known ? scheduleLabel(known) : `schedule #${pane.scheduleId}`} was deleted elsewhere`);
      return ctx.connectionOk();
    }
    ctx.connectionFailed(error);
  }
}

/** A running deployment on screen is polled fast. */
export function activityMoving(ctx: Ctx, pane: Pane): boolean {
  if (pane.kind !== 'deployment') return false;
  const status = ctx.store.getState().deployments[pane.deploymentId]?.status;
  return status === 'running' || status === 'created' || status === 'blocked';
}

// ---- palette --------------------------------------------------------------------------------------------

/** `:events` (mine) or `:user <name-or-id>`; an unknown user keeps the palette open with a message. */
export async function openEvents(ctx: Ctx, who: string | null): Promise<string | null> {
  const push = (pane: Pane) => ctx.store.setState((s) => ({ stack: [...s.stack, pane] }));
  if (who === null) {
    push({ kind: 'events', who: 'me' });
    return null;
  }
  const name = who.replace(/^@/, '');
  if (!name) return 'Whose activity? e.g. :user bob (a username or a numeric id)';
  try {
    // One row is enough to learn whether GitLab knows the user.
    await ctx.gl.events.listForUser(/^\d+$/.test(name) ? Number(name) : name, { perPage: 1 }).all(1);
  } catch (error) {
    if (isGitLabApiError(error) && error.status === 404) return `No user "${safeText(name, 60)}" on this GitLab (${describeError(error)})`;
    return `Cannot read the activity of ${safeText(name, 60)}: ${describeError(error)}`;
  }
  push({ kind: 'events', who: { user: name } });
  return null;
}

/** `:key <id>`: an administrator's lookup of an SSH key and its owner. */
export async function lookupKey(ctx: Ctx, arg: string | undefined): Promise<string | null> {
  if (!arg || !/^\d+$/.test(arg)) return 'key needs a numeric SSH key id, e.g. :key 42';
  const id = Number(arg);
  try {
    const key = await ctx.gl.keys.get(id);
    ctx.store.setState((s) => ({ sshKeys: { ...s.sshKeys, [key.id]: key }, stack: [...s.stack, { kind: 'key', keyId: key.id }] }));
    return null;
  } catch (error) {
    if (isGitLabApiError(error) && error.status === 403) {
      const me = ctx.store.getState().user;
      return `SSH key lookup is for administrators only${me ? ` — ${safeText(me.username, 40)} is not an administrator` : ''} (GitLab: ${describeError(error)})`;
    }
    if (isGitLabApiError(error) && error.status === 404) return `No SSH key with id ${id} (GitLab: ${describeError(error)})`;
    return `Cannot look up SSH key ${id}: ${describeError(error)}`;
  }
}

