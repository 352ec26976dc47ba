// The activity feature: a project's events tab and a person's feed (`:events`, `:user`) — their
// scopes, the `f` filter prompt (and what its Enter runs), Enter (to the event's project), `o`
// (the event's page), and the palette's `:events` and `:user`.
import { isGitLabApiError, type Event } from '../../api/index.js';
import { safeText } from '../../text/safe.js';
import type { Ctx } from '../../store/ctx.js';
import { describeError } from '../../store/errors.js';
import type { Feature } from '../../store/feature.js';
import { resetList, selectedRow } from '../../store/lists.js';
import { listKeyOf } from '../../store/sources.js';
import { toast } from '../../store/store.js';
import { listKeyText, type ListKey, type Pane } from '../../store/types.js';
import { eventUrl } from './event-line.js';
import { EVENT_FILTER_HINT, formatEventFilters, parseEventFilters } from './events-filter.js';
import { eventsSource } from './source.js';
import { watchEventProjects } from './projects.js';
import { ACTIVITY_BINDINGS } from './bindings.js';

const eventsList = (pane: Pane): ListKey | undefined =>
  pane.kind === 'events' || (pane.kind === 'project' && pane.tab === 'events') ? (listKeyOf(pane) ?? undefined) : undefined;

export const activityFeature: Feature = {
  bindings: ACTIVITY_BINDINGS,
  name: 'activity',
  source: eventsSource,
  poll: (ctx) => ({ watch: watchEventProjects(ctx) }),
  scopes(pane) {
    if (pane.kind === 'project' && pane.tab === 'events') return ['events', 'project', 'list', 'global'];
    if (pane.kind === 'events') return ['events', 'list', 'global'];
    return undefined;
  },
  prompts: { 'events.filters': (ctx, a, value) => submitEventFilters(ctx, a, value) },
  run(ctx, command, pane) {
    if (command !== 'events.filters') return false;
    const key = eventsList(pane);
    if (key) eventFilterPrompt(ctx, key);
    return true;
  },
  open(ctx, pane) {
    const { store } = ctx;
    if (pane.kind === 'project' && pane.tab === 'events') {
      toast(store, 'info', 'o opens this event on GitLab');
      return true;
    }
    if (pane.kind !== 'events') return false;
    const event = selectedRow<Event>(ctx, listKeyOf(pane)!);
    if (!event) return true;
    const project = store.getState().projects[event.project_id];
    if (project)
      store.setState((s) => ({ stack: [...s.stack, { kind: 'project', projectId: project.id, path: project.path_with_namespace, tab: 'pipelines' }] }));
    else toast(store, 'info', `Project #${event.project_id} is not visible to you`);
    return true;
  },
  url(ctx, pane) {
    const key = eventsList(pane);
    if (!key) return undefined;
    const projectUrl = (id: number) => ctx.store.getState().projects[id]?.web_url;
    const event = selectedRow<Event>(ctx, key);
    if (pane.kind === 'project') {
      const base = projectUrl(pane.projectId);
      return { url: event ? eventUrl(event, projectUrl(event.project_id) ?? base) : base && `${base}/activity` };
    }
    return { url: event ? eventUrl(event, projectUrl(event.project_id)) : undefined };
  },
};

/** `f` on an activity list: action, target type, before/after dates, sort — validated. */
export function eventFilterPrompt(ctx: Ctx, key: ListKey): void {
  const current = ctx.store.getState().listFilters[listKeyText(key)];
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
  const parsed = parseEventFilters(value, { now: ctx.now() });
  if ('error' in parsed) return parsed.error;
  ctx.store.setState((s) => {
    const listFilters = { ...s.listFilters };
    if (Object.keys(parsed.filters).length) listFilters[listKeyText(key)] = { ...parsed.filters } as Record<string, string>;
    else delete listFilters[listKeyText(key)];
    return { listFilters };
  });
  void resetList(ctx, key);
  return null;
}

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
