// Activity through the keyboard against the simulator: a project's Events tab with every filter of
// the API, docs/gitlab-api.md §4.6 (action, target type, before/after — a bad date refused and kept — sort), readable lines
// per kind with relative and absolute times, `:events` (only the caller's), `:user bob`. Each test
// starts its own app and opens the list it needs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Event } from '../../src/api/index.js';
import { topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';

let app: AppRig;
const pane = () => topPane(app.store.getState());
const project = () => [...app.sim.world.projects.values()].find((p) => p.path === 'api' && p.namespace === 'acme')!;
const listOf = (key: string) => app.store.getState().lists[key]!;
const loaded = (key: string) => () => {
  const l = app.store.getState().lists[key];
  return !!l && l.loadedAt !== null && !l.loading;
};
const eventsSent = (re: RegExp) => app.sim.requests.filter((r) => r.method === 'GET' && re.test(r.path));
/** Event rows on screen: "<when> <YYYY-MM-DD HH:MM> …". */
const rows = () =>
  app
    .frame()
    .split('\n')
    .filter((l) => /^\S.*\s\d{4}-\d{2}-\d{2} \d{2}:\d{2} /.test(l));
const dates = () => rows().map((l) => /(\d{4}-\d{2}-\d{2} \d{2}:\d{2})/.exec(l)![1]!);

async function filter(text: string): Promise<void> {
  await app.press('f');
  await app.waitFor('Filter activity:');
  await app.press('\u0015');
  await app.type(text);
  await app.press(KEY.enter);
}

/** acme/api's Events tab, read. */
async function projectEvents(): Promise<void> {
  app.open({ kind: 'project', projectId: project().id, path: 'acme/api', tab: 'pipelines' });
  await app.waitFor('1 Pipelines');
  await app.press('5');
  await app.until(loaded(`events:project:${project().id}`), 'the events');
  await app.waitFor(/\d+\+? events · f filters/);
}

/** A palette command whose pane lists events, read. */
async function palette(command: string, key: string): Promise<void> {
  await app.palette(command);
  await app.until(loaded(key), `the events of :${command}`);
}

beforeEach(async () => {
  app = await startApp();
  await app.waitFor('acme/api');
});
afterEach(() => app.close());

describe("a project's activity", () => {
  const key = () => `events:project:${project().id}`;

  it('5 opens the Events tab: one readable line per event, with relative and absolute times', async () => {
    app.open({ kind: 'project', projectId: project().id, path: 'acme/api', tab: 'pipelines' });
    await app.waitFor('1 Pipelines');
    await app.press('5');
    await app.until(loaded(key()), 'the events');
    const frame = await app.waitFor(/50\+ events · f filters/);
    expect(frame).toMatch(/When\s+Date \(UTC\)\s+Author\s+Event/);
    expect(frame).toMatch(/\d+[mhd] ago\s+2026-11-\d\d \d\d:\d\d \S+\s+pushed to \S+: \d commits? "/);
    expect(eventsSent(new RegExp(`^/projects/${project().id}/events\\?`)).length).toBeGreaterThan(0);
    // Every kind reads as GitLab's activity page words it.
    const lines = (listOf(key()).items as Event[]).map((e) => e);
    const newest = lines[0]!;
    const author = app.sim.world.users.get(newest.author_id)!.username;
    expect(rows()[0]).toContain(author);
    expect(dates()[0]).toBe(newest.created_at!.slice(0, 16).replace('T', ' '));
  });

  it('f action=pushed shows only pushes, asked of GitLab', async () => {
    await projectEvents();
    await filter('action=pushed');
    await app.waitFor('filters: action=pushed');
    await app.until(loaded(key()), 'the filtered events');
    expect(rows().length).toBeGreaterThan(5);
    expect(rows().every((l) => /(pushed to|pushed new|deleted) /.test(l))).toBe(true);
    expect(eventsSent(/\/events\?.*action=pushed/).length).toBe(1);
  });

  it('target_type=issue shows issues as "opened issue #12 title"', async () => {
    await projectEvents();
    await filter('target_type=issue');
    await app.waitFor('filters: target_type=issue');
    await app.until(loaded(key()), 'the filtered events');
    expect(rows().length).toBeGreaterThan(3);
    expect(rows().every((l) => /(opened|closed|reopened) issue #\d+ \S/.test(l))).toBe(true);
    expect(eventsSent(/\/events\?.*target_type=issue/).length).toBe(1);
  });

  it('target_type=note shows the comments themselves', async () => {
    await projectEvents();
    await filter('target_type=note');
    await app.waitFor('filters: target_type=note');
    await app.until(loaded(key()), 'the filtered events');
    const items = listOf(key()).items as Event[];
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().every((l) => /commented on (issue #|merge request !)\d+: \S/.test(l))).toBe(true);
    expect(app.frame()).toContain(items[0]!.note!.body.slice(0, 20));
  });

  it('a bad date is refused before anything is sent, and what was typed stays', async () => {
    await projectEvents();
    const before = eventsSent(/\/events\?/).length;
    await filter('action=pushed before=2026-11-31');
    await app.waitFor('before: 2026-11-31 is not a day of the calendar');
    expect(app.frame()).toContain('action=pushed before=2026-11-31');
    await app.press(KEY.backspace, KEY.backspace);
    await app.type('1x');
    await app.press(KEY.enter);
    await app.waitFor('before: "2026-11-1x" is not a date — use YYYY-MM-DD');
    expect(eventsSent(/\/events\?/).length).toBe(before);
    await app.press(KEY.backspace, KEY.backspace);
    await app.type('15');
    await app.press(KEY.enter);
    await app.waitFor('filters: action=pushed before=2026-11-15');
    await app.until(loaded(key()), 'the filtered events');
    expect(dates().length).toBeGreaterThan(0);
    expect(dates().every((d) => d < '2026-11-15')).toBe(true);
    expect(eventsSent(/\/events\?.*before=2026-11-15/).length).toBe(1);
  });

  it('after= and sort=asc: oldest first, only days after', async () => {
    await projectEvents();
    await filter('after=2026-11-17 sort=asc');
    await app.waitFor('filters: after=2026-11-17 sort=asc');
    await app.until(loaded(key()), 'the filtered events');
    const d = dates();
    expect(d.length).toBeGreaterThan(3);
    expect(d.every((x) => x >= '2026-11-18')).toBe(true);
    expect(d).toEqual([...d].sort());
    expect(eventsSent(/\/events\?.*after=2026-11-17.*sort=asc|\/events\?.*sort=asc.*after=2026-11-17/).length).toBe(1);
  });

  it('an empty filter line shows everything again, newest first', async () => {
    await projectEvents();
    await filter('after=2026-11-17 sort=asc');
    await app.waitFor('filters: after=2026-11-17 sort=asc');
    await app.until(loaded(key()), 'the filtered events');
    await filter('');
    await app.waitFor(/\d+\+? events · f filters/);
    await app.until(loaded(key()), 'the events');
    const d = dates();
    expect(d).toEqual([...d].sort().reverse());
  });

  it('o opens the selected event on GitLab (a push: the compare view)', async () => {
    await projectEvents();
    const first = listOf(key()).items[0] as Event;
    await app.press('o');
    await app.until(() => app.opened.length > 0, 'a URL opened');
    if (first.push_data?.commit_from && first.push_data.commit_to) {
      expect(app.opened.at(-1)).toMatch(new RegExp(`/acme/api/-/compare/${first.push_data.commit_from}\\.\\.\\.${first.push_data.commit_to}$`));
    } else expect(app.opened.at(-1)).toContain('/acme/api');
  });
});

describe("people's activity", () => {
  it(":events shows only the caller's activity, across projects", async () => {
    await app.press(':');
    await app.type('events');
    await app.press(KEY.enter);
    await app.waitFor('Your activity — Alice Nakamura (@alice)');
    await app.until(loaded('events:me'), 'my events');
    const frame = await app.waitFor(/\d+\+? events · f filters/);
    expect(frame).toMatch(/When\s+Date \(UTC\)\s+Project\s+Event/);
    const items = listOf('events:me').items as Event[];
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((e) => e.author_username === 'alice')).toBe(true);
    expect(eventsSent(/^\/events\?/).length).toBeGreaterThan(0);
    // Projects are named, not numbered.
    await app.waitFor(/acme\/\S+\s+(pushed|opened|closed|commented|accepted|joined|deleted)/);
    expect(pane()).toEqual({ kind: 'events', who: 'me' });
  });

  it('filters work there too', async () => {
    await palette('events', 'events:me');
    await filter('action=commented');
    await app.waitFor('filters: action=commented');
    await app.until(loaded('events:me'), 'filtered');
    expect(rows().length).toBeGreaterThan(0);
    expect(rows().every((l) => l.includes('commented on'))).toBe(true);
    expect(eventsSent(/^\/events\?.*action=commented/).length).toBe(1);
  });

  it("Enter opens the event's project", async () => {
    await palette('events', 'events:me');
    const first = listOf('events:me').items[0] as Event;
    // Its project is named on the row once read (as a person sees before pressing Enter).
    await app.until(() => app.store.getState().projects[first.project_id] !== undefined, 'the event project named');
    await app.press(KEY.enter);
    await app.until(() => pane().kind === 'project', 'the project pane');
    expect(pane()).toMatchObject({ kind: 'project', projectId: first.project_id });
    await app.press(KEY.escape);
  });

  it('Enter on a row whose project is not read yet asks for it and opens it', async () => {
    // Hold every read of the first event's project: the row cannot be named before Enter.
    let release = () => {};
    const until = new Promise<void>((resolve) => (release = resolve));
    await app.press(':');
    await app.type('events');
    const firstProject = () => (listOf('events:me').items[0] as Event | undefined)?.project_id;
    // The feed's first project is the same on every run (frozen clock): learn it from the API first.
    const [event] = await app.controller.ctx.gl.events.listMine({ perPage: 1 }).all(1);
    app.sim.faults.add({ kind: 'delay', method: 'GET', path: `/projects/${event!.project_id}`, until, times: 10 });
    await app.press(KEY.enter);
    await app.until(loaded('events:me'), 'the feed');
    expect(firstProject()).toBe(event!.project_id);
    expect(app.store.getState().projects[event!.project_id]).toBeUndefined();
    await app.press(KEY.enter);
    await app.waitFor(`Opening project #${event!.project_id}…`);
    expect(pane().kind).toBe('events');
    release();
    await app.until(() => pane().kind === 'project', 'the project pane');
    expect(pane()).toMatchObject({ kind: 'project', projectId: event!.project_id });
  });

  it('Enter on a row whose project GitLab does not show says so and stays', async () => {
    await app.press(':');
    await app.type('events');
    const [event] = await app.controller.ctx.gl.events.listMine({ perPage: 1 }).all(1);
    app.sim.faults.add({
      kind: 'respond',
      method: 'GET',
      path: `/projects/${event!.project_id}`,
      status: 404,
      body: { message: '404 Project Not Found' },
      times: 10,
    });
    await app.press(KEY.enter);
    await app.until(loaded('events:me'), 'the feed');
    await app.press(KEY.enter);
    await app.waitFor(`Project #${event!.project_id} is not visible to you`);
    expect(pane().kind).toBe('events');
  });

  it(":user bob shows bob's activity", async () => {
    await app.press(':');
    await app.type('user bob');
    await app.press(KEY.enter);
    await app.waitFor('Activity of @bob');
    await app.until(loaded('events:user:bob'), "bob's events");
    const items = listOf('events:user:bob').items as Event[];
    expect(items.length).toBeGreaterThan(5);
    expect(items.every((e) => e.author_username === 'bob')).toBe(true);
    expect(eventsSent(/^\/users\/bob\/events\?/).length).toBeGreaterThan(0);
    expect(app.frame()).toContain('› activity of bob');
  });

  it(':user with an unknown name closes the palette and says so in the status line', async () => {
    await palette('user bob', 'events:user:bob');
    await app.press(':');
    await app.type('user nobody-here');
    await app.press(KEY.enter);
    await app.waitFor('No user "nobody-here" on this GitLab (404 User Not Found)');
    expect(app.store.getState().prompt).toBeNull();
    expect(pane()).toEqual({ kind: 'events', who: { user: 'bob' } });
  });
});
