// The schedules feature as the core sees it: the schedules tab and a schedule's pane: scopes,
// commands, Enter, `o`, what a poll re-reads, the confirms it opens; and its form, which owns the
// keyboard (the `keys` of its spec) and takes a paste's first line (its `paste`).
import { readDetail } from '../../store/detail.js';
import { createSchedulesSlice, scheduleLoadKey, writeSchedules } from './slice.js';
import { setLoadError } from '../../store/writers.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError, type PipelineSchedule } from '../../api/index.js';
import type { Ctx } from '../../store/ctx.js';
import type { Feature } from '../../store/feature.js';
import { selectedRow } from '../../store/lists.js';
import { toast } from '../../store/store.js';
import type { Pane } from '../../store/types.js';
import {
  cycleScheduleScope,
  deleteSchedule,
  openScheduleForm,
  scheduleGone,
  scheduleLabel,
  storeSchedule,
  takeOwnership,
  toggleSchedule,
} from './schedules.js';
import { schedulesSource } from './source.js';
import { onPane, withRuns, type CommandRun } from '../../store/command.js';
import { SCHEDULE_BINDINGS } from './bindings.js';
import { closeScheduleForm, handleFormKey, pasteIntoForm, runDeleteSchedule, runTakeOwnership } from './schedules.js';
import { droppedNotice } from '../../store/modal-keys.js';
import { firstLine } from '../../text/text-edit.js';
import { SchedulePane } from './SchedulePane.js';
import { ScheduleFormPane } from './ScheduleFormPane.js';
import { confirmsBy } from '../../store/continuations.js';
import type { ScheduleConfirms } from './slice.js';
import { askPlay, openRun, runPlay } from './play.js';
import { SCHEDULES_PALETTE } from './palette.js';
import { targetSchedule } from './target.js';
import { schedulesList } from './slice.js';
import { createElement } from 'react';
import { SchedulesTab } from './SchedulesTab.js';

/** Where a schedule is in front: its pane, or a project's (its Schedules tab). */
type SchedulesPane = { projectId: number; path: string };

/** A key on the schedule in front or the selected row: what read-only mode calls it, and what it runs. */
function onSchedule(
  refused: string | ((schedule: PipelineSchedule | undefined) => string),
  act: (ctx: Ctx, pane: SchedulesPane, schedule: PipelineSchedule) => void,
): CommandRun {
  return {
    rows: true,
    refusal: (ctx, pane) => (typeof refused === 'string' ? refused : refused(targetSchedule(ctx, pane))),
    run(ctx, pane) {
      const schedule = targetSchedule(ctx, pane);
      if (!schedule || !('projectId' in pane)) return void toast(ctx.store, 'info', 'No schedule selected (still loading?)');
      act(ctx, pane, schedule);
    },
  };
}

const projectUrl = (ctx: Ctx, id: number) => ctx.store.getState().projects[id]?.web_url;

export const schedulesFeature: Feature = {
  slice: createSchedulesSlice,
  commands: withRuns(SCHEDULE_BINDINGS, {
    'schedule.add': {
      refusal: () => 'creating schedules',
      run: onPane(['schedule', 'project'], (ctx, pane) => openScheduleForm(ctx, pane.projectId, pane.path)),
    },
    'schedule.edit': onSchedule('editing schedules', (ctx, pane, schedule) => openScheduleForm(ctx, pane.projectId, pane.path, schedule)),
    'schedule.toggle': onSchedule(
      (schedule) => `${schedule?.active ? 'deactivating' : 'activating'} schedules`,
      (ctx, pane, schedule) => toggleSchedule(ctx, pane.projectId, schedule),
    ),
    'schedule.takeOwnership': onSchedule('taking ownership of schedules', (ctx, pane, schedule) => takeOwnership(ctx, pane.projectId, schedule)),
    'schedule.delete': onSchedule('deleting schedules', (ctx, pane, schedule) => deleteSchedule(ctx, pane.projectId, schedule)),
    'schedule.play': onSchedule('running schedules', (ctx, pane, schedule) => askPlay(ctx, pane.projectId, pane.path, schedule)),
    'schedule.values': {
      run: onPane('schedule', (ctx, { scheduleId: id }) => writeSchedules(ctx.store, (s) => ({ revealed: { ...s.revealed, [id]: !s.revealed[id] } }))),
    },
    'schedules.scope': { run: onPane('project', (ctx, pane) => cycleScheduleScope(ctx, pane.projectId)) },
  }),
  name: 'schedules',
  palette: SCHEDULES_PALETTE,
  scopeNames: { schedules: 'schedules list', schedule: 'a schedule', scheduleForm: 'the schedule form' },
  tab: {
    of: 'project',
    name: 'schedules',
    place: 3,
    label: 'Schedules',
    view: ({ pane, width, height }) => createElement(SchedulesTab, { projectId: pane.projectId, width, height }),
    list: (pane) => schedulesList(pane.projectId),
    scopes: () => ['schedules', 'project', 'list', 'global'],
    open(ctx, pane) {
      const row = selectedRow<PipelineSchedule>(ctx, schedulesList(pane.projectId));
      if (row) {
        writeSchedules(ctx.store, (s) => ({ schedules: { ...s.schedules, [row.id]: { ...s.schedules[row.id], ...row } } }));
        nav.push(ctx.store, { kind: 'schedule', projectId: pane.projectId, path: pane.path, scheduleId: row.id });
      }
      return true;
    },
    url(ctx, pane) {
      const base = projectUrl(ctx, pane.projectId);
      return { url: base && `${base}/-/pipeline_schedules` };
    },
  },
  specs: {
    schedule: {
      view: SchedulePane,
      crumb: (_s, pane) => `schedule #${pane.scheduleId}`,
      scopes: () => ['schedule', 'global'],
      open(ctx, pane) {
        const last = ctx.store.getState().schedules[pane.scheduleId]?.last_pipeline;
        if (last) nav.push(ctx.store, { kind: 'pipeline', projectId: pane.projectId, path: pane.path, pipelineId: last.id, view: 'list' });
        else toast(ctx.store, 'info', 'This schedule has not run a pipeline yet');
        return true;
      },
      url(ctx, pane) {
        const base = projectUrl(ctx, pane.projectId);
        return { url: base && `${base}/-/pipeline_schedules/${pane.scheduleId}/edit` };
      },
      poll: (ctx) => ({ refresh: (pane) => refreshSchedule(ctx, pane) }),
    },
    scheduleForm: {
      view: ScheduleFormPane,
      crumb: (_s, pane) => (pane.scheduleId === null ? 'new schedule' : `edit schedule #${pane.scheduleId}`),
      ownConfirm: true,
      // Keys go to the form itself (keys, below), resolved in this scope and 'edit'; it also feeds the footer and help.
      scopes: () => ['scheduleForm'],
      open: () => true,
      url(ctx, pane) {
        const base = projectUrl(ctx, pane.projectId);
        return { url: base && `${base}/-/pipeline_schedules` };
      },
      // The form owns the keyboard while it is in front (Tab, typing, ^S, Esc).
      keys(ctx, _pane, command, text) {
        handleFormKey(ctx, command, text);
        return true;
      },
      // A paste's first line goes into the focused field, each of its lines on the variables' lines
      // (an overlay over the form, its discard confirm, takes the paste before the controller asks here).
      paste(ctx, _pane, paste) {
        // On a variable's line, every line of the paste is a variable (a `.env` file pasted whole).
        if (typeof ctx.store.getState().scheduleForm?.focus === 'number') return pasteIntoForm(ctx, paste);
        const { text, droppedLines } = firstLine(paste);
        if (!pasteIntoForm(ctx, text)) return false;
        const dropped = droppedNotice(droppedLines);
        if (dropped) toast(ctx.store, 'info', dropped);
        return true;
      },
    },
  },
  listKinds: ['schedules'],
  source: schedulesSource,
  confirmed: confirmsBy<ScheduleConfirms, Ctx>({
    'schedule.discardForm': (ctx) => closeScheduleForm(ctx),
    'schedule.takeOwnershipConfirmed': (ctx, a) => void runTakeOwnership(ctx, a),
    'schedule.deleteConfirmed': (ctx, a) => void runDeleteSchedule(ctx, a),
    'schedule.playConfirmed': (ctx, a) => void runPlay(ctx, a),
    'schedule.openRun': (ctx, a) => openRun(ctx, a),
  }),
};

async function refreshSchedule(ctx: Ctx, pane: Extract<Pane, { kind: 'schedule' }>): Promise<void> {
  const { store, gl } = ctx;
  // A read that comes back after its pane closed (the schedule deleted here, `D`, while it was
  // under way) neither brings the schedule back nor says it was deleted elsewhere.
  const open = () => store.getState().stack.some((p) => p.kind === 'schedule' && p.scheduleId === pane.scheduleId);
  await readDetail(
    ctx,
    scheduleLoadKey(pane.scheduleId),
    () => gl.schedules.get(pane.projectId, pane.scheduleId),
    (schedule) => {
      if (!open()) return;
      if (store.getState().schedules[schedule.id] !== schedule) storeSchedule(ctx, pane.projectId, schedule, true);
      if (!store.getState().detailRead[schedule.id]) writeSchedules(store, (s) => ({ detailRead: { ...s.detailRead, [schedule.id]: true } }));
    },
    (error) => {
      if (!(isGitLabApiError(error) && error.status === 404)) return false;
      if (!open()) {
        setLoadError(store, scheduleLoadKey(pane.scheduleId), null);
        return true;
      }
      // Deleted elsewhere (another user, the web page): close its pane and say so, once, rather
      // than show a stale schedule and an error on every refresh.
      const known = store.getState().schedules[pane.scheduleId];
      setLoadError(store, scheduleLoadKey(pane.scheduleId), null);
      scheduleGone(ctx, pane.projectId, pane.scheduleId);
      toast(store, 'info', `${known ? scheduleLabel(known) : `schedule #${pane.scheduleId}`} was deleted elsewhere`);
      ctx.connectionOk();
      return true;
    },
  );
}

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    schedules: true;
    schedule: true;
    scheduleForm: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    schedules: true;
  }
}
