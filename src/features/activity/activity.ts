// The activity feature: a project's events tab and a person's feed (`:events`, `:user`) — their
// scopes, the `f` filter prompt (and what its Enter runs), Enter (to the event's project), `o`
// (the event's page), and the palette's `:events` and `:user`.
import { clearToast, setListFilters, setPrompt } from '../../store/writers.js';
import * as nav from '../../store/nav.js';
import { isGitLabApiError, type Event, type Project } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import type { Feature } from '../../store/feature.js';
import { resetList, selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { toast, topPane } from '../../store/store.js';
import { listKeyText, type ListKey, type Pane } from '../../store/types.js';
import { eventUrl } from './event-line.js';
import { EVENT_FILTER_HINT, formatEventFilters, parseEventFilters } from './events-filter.js';
import { eventsSource } from './source.js';
import { watchEventProjects } from './projects.js';
import { ACTIVITY_BINDINGS } from './bindings.js';
import { withRuns } from '../../store/command.js';
import { EventsPane } from './EventsPane.js';
import { promptsBy } from '../../store/continuations.js';
import type { ActivityPrompts } from './types.js';
import { eventLists } from './types.js';
import { createElement } from 'react';
import { EventsList } from './EventsList.js';
import { rememberProject } from '../../domain/projects.js';

export const activityFeature: Feature = {
  palette: {
    events: { usage: 'events', description: 'your own activity', order: 80, run: (ctx) => openEvents(ctx, null) },
    user: {
      usage: 'user <name|id>',
      description: "a user's activity",
      order: 90,
      run: (ctx, args) => (args[0] ? openEvents(ctx, args.join(' ')) : 'Whose activity? e.g. :user bob (a username or a numeric id)'),
    },
  },
  commands: withRuns(ACTIVITY_BINDINGS, {
    'events.filters': {
      run(ctx, pane) {
        // Bound in the `events` scope: an activity feed's pane or a project's Events tab, whose list it filters.
        const key = listKeyOf(pane);
        if (key) eventFilterPrompt(ctx, key);
      },
    },
  }),
  name: 'activity',
  scopeNames: { events: 'activity' },
  tab: {
    of: 'project',
    name: 'events',
    place: 5,
    label: 'Events',
    view: ({ pane, width, height }) => createElement(EventsList, { listKey: eventLists.project(pane.projectId), showProject: false, width, height }),
    list: (pane) => eventLists.project(pane.projectId),
    scopes: () => ['events', 'project', 'list', 'global'],
    open(ctx) {
      toast(ctx.store, 'info', 'o opens this event on GitLab');
      return true;
    },
    url(ctx, pane) {
      const projectUrl = (id: number) => ctx.store.getState().projects[id]?.web_url;
      const event = selectedRow<Event>(ctx, eventLists.project(pane.projectId));
      const base = projectUrl(pane.projectId);
      return { url: event ? eventUrl(event, projectUrl(event.project_id) ?? base) : base && `${base}/activity` };
    },
  },
  specs: {
    events: {
      view: EventsPane,
      crumb: (_s, pane) => (pane.who === 'me' ? 'my activity' : `activity of ${safeText(pane.who.user, 40)}`),
      list: (pane) => (pane.who === 'me' ? eventLists.me() : eventLists.user(pane.who.user)),
      scopes: () => ['events', 'list', 'global'],
      // The projects of the rows on screen, read for their names.
      poll: (ctx) => ({ watch: watchEventProjects(ctx) }),
      open(ctx, pane) {
        const { store } = ctx;
        const event = selectedRow<Event>(ctx, listKeyOf(pane)!);
        if (!event) return true;
        const project = store.getState().projects[event.project_id];
        const openProject = (p: Project) => nav.push(store, { kind: 'project', projectId: p.id, path: p.path_with_namespace, tab: 'pipelines' });
        if (project) openProject(project);
        // The row's project is not read yet (the watcher reads what is on screen; Enter can come first):
        // ask for it, and open it if the feed is still in front when it comes.
        else void openUnread(ctx, event.project_id, pane, openProject);
        return true;
      },
      url(ctx, pane) {
        const event = selectedRow<Event>(ctx, listKeyOf(pane)!);
        return { url: event ? eventUrl(event, ctx.store.getState().projects[event.project_id]?.web_url) : undefined };
      },
    },
  },
  listKinds: ['events'],
  source: eventsSource,
  submitted: promptsBy<ActivityPrompts, Ctx>({ 'events.filters': (ctx, a, value) => submitEventFilters(ctx, a, value) }),
};

async function openUnread(ctx: Ctx, projectId: number, from: Pane, open: (project: Project) => void): Promise<void> {
  const { store } = ctx;
  toast(store, 'info', `Opening project #${projectId}…`);
  try {
    const project = await ctx.gl.projects.get(projectId);
    rememberProject(store, project, 'keep');
    ctx.connectionOk();
    if (topPane(store.getState()) !== from) return;
    clearToast(store);
    open(project);
  } catch (error) {
    const hidden = isGitLabApiError(error) && (error.status === 404 || error.status === 403);
    toast(store, 'error', hidden ? `Project #${projectId} is not visible to you` : `Cannot open project #${projectId}: ${describeError(error)}`);
    if (!hidden) ctx.connectionFailed(error);
  }
}

/** `f` on an activity list: action, target type, before/after dates, sort — validated. */
export function eventFilterPrompt(ctx: Ctx, key: ListKey): void {
  const current = ctx.store.getState().listFilters[listKeyText(key)];
  setPrompt(ctx.store, {
    id: 'events.filters',
    label: 'Filter activity:',
    initial: formatEventFilters(current),
    hint: EVENT_FILTER_HINT,
    submit: { owner: 'activity', command: 'events.filters', args: { key } },
  });
}

/** Enter in the activity filter prompt: invalid input keeps it open with a message. */
export function submitEventFilters(ctx: Ctx, { key }: { key: ListKey }, value: string): string | null {
  const parsed = parseEventFilters(value, { now: ctx.now() });
  if ('error' in parsed) return parsed.error;
  setListFilters(ctx.store, key, { ...parsed.filters } as Record<string, string>);
  void resetList(ctx, key);
  return null;
}

/** `:events` (mine) or `:user <name-or-id>`; an unknown user keeps the palette open with a message. */
export async function openEvents(ctx: Ctx, who: string | null): Promise<string | null> {
  const push = (pane: Pane) => nav.push(ctx.store, pane);
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

// Its scopes (keymap/bindings.ts FeatureScopes): the keymap's places on its panes.
declare module '../../keymap/bindings.js' {
  interface FeatureScopes {
    events: true;
  }
}

// Its tab of the project pane (store/types.ts PaneTabs).
declare module '../../store/types.js' {
  interface PaneTabs {
    events: true;
  }
}
