// The pulse through the real app: one row per project of the user's in attention order, Enter and
// `f` lead to the project and its newest failure, and the polling budget — only rows on screen,
// at most one request per visible project per 30 s, ETags — counted where requests arrive.
import { afterEach, describe, expect, it } from 'vitest';
import { attentionTier, pulseRows, visiblePulseIds } from '../../src/features/pulse/index.js';
import { listOf, topPane } from '../../src/store/store.js';
import { KEY, startApp, type AppRig } from '../helpers/app.js';
import { listKeys } from '../../src/domain/list-keys.js';

const timing = { activeMs: 100, idleMs: 600_000, maxBackoffMs: 600_000 };
let app: AppRig | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

/** Requests for the pulse's page of a project: GET /projects/:id/pipelines?ref=…&per_page=20. */
const pulseReads = (rig: AppRig) =>
  rig.sim.requests.filter(
    (r) => r.method === 'GET' && /\/projects\/[^/]+\/pipelines\?/.test(r.path) && /[?&]per_page=20(&|$)/.test(r.path) && /[?&]ref=/.test(r.path),
  );
const projectOf = (path: string) => decodeURIComponent(/\/projects\/([^/]+)\/pipelines/.exec(path)![1]!);

describe('pulse', () => {
  it('shows every project in attention order, the request rate in the header; Enter and f lead on', async () => {
    app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100, rows: 40 });
    const rig = app;
    await rig.waitFor(/\d+ projects · \d+ red · \d+ running/);
    await rig.until(() => pulseRows(rig.store.getState()).length > 0 && pulseRows(rig.store.getState()).every((r) => r.loaded), 'every row loaded');
    const rows = pulseRows(rig.store.getState());
    // Tiers never go backwards down the list, and the frame draws the rows in that order.
    const tiers = rows.map(attentionTier);
    expect([...tiers].sort()).toEqual(tiers);
    expect(tiers[0]).toBe(0); // the seeded world has a red default branch
    const frame = rig.frame();
    const at = rows.map((r) => frame.indexOf(`${r.path} `));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    await rig.waitFor(/\d+ req\/min/);

    // f opens the newest failure of the selected (first, red) row; Esc comes back to the same row.
    const red = rows[0]!;
    await rig.press('f');
    await rig.until(() => topPane(rig.store.getState()).kind === 'pipeline', 'the failed pipeline');
    expect(topPane(rig.store.getState())).toMatchObject({ projectId: red.projectId, pipelineId: red.newestFailure!.pipelineId });
    await rig.press(KEY.escape);
    // j moves by one row; Enter opens that project.
    await rig.press('j', KEY.enter);
    await rig.until(() => topPane(rig.store.getState()).kind === 'project', 'the project');
    expect(topPane(rig.store.getState())).toMatchObject({ projectId: rows[1]!.projectId, tab: 'pipelines' });
  });

  it('reads only the rows on screen, at most once per project per 30 s, revalidating with ETags', async () => {
    app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100 });
    const rig = app;
    // The seeded world has 7 projects: a body of 5 rows shows 3 of them (what the poller reads by;
    // the frame keeps its size, unread rows show '…').
    rig.controller.setViewport({ width: 100, height: 5 });
    await rig.until(() => visiblePulseIds(rig.store.getState()).length > 0, 'the projects');
    const visible = visiblePulseIds(rig.store.getState());
    const all = pulseRows(rig.store.getState()).map((r) => r.projectId);
    expect(visible.length).toBeLessThan(all.length);
    const reads = (id: number) => pulseReads(rig).filter((r) => projectOf(r.path) === String(id));
    // World time of each send, as the app stamped it (the simulator logs wall-clock time).
    const sends = new Map<number, Set<number>>();
    const unsubscribe = rig.store.subscribe((state) => {
      for (const [id, f] of Object.entries(state.pulse.fetch)) {
        if (!sends.has(Number(id))) sends.set(Number(id), new Set());
        sends.get(Number(id))!.add(f.sentAt);
      }
    });
    await rig.until(() => visible.every((id) => reads(id).length === 1), 'one read per visible row');

    // Three minutes of world time, in 10 s steps: a read every 30 s for each row on screen.
    for (let step = 1; step <= 18; step++) {
      rig.advance(10_000);
      if (step % 3 === 0) await rig.until(() => visiblePulseIds(rig.store.getState()).every((id) => reads(id).length >= 1 + step / 3), `round ${step / 3}`);
    }
    unsubscribe();
    const onScreen = new Set(visiblePulseIds(rig.store.getState()));
    for (const id of onScreen) {
      expect(reads(id)).toHaveLength(7);
      const times = [...sends.get(id)!].sort((x, y) => x - y);
      expect(times).toHaveLength(7);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(30_000);
      // After the first answer every read is a revalidation.
      expect(
        reads(id)
          .slice(1)
          .every((r) => r.headers['if-none-match'] !== undefined),
      ).toBe(true);
    }
    // Rows never on screen were never read.
    for (const id of all.filter((id) => !onScreen.has(id) && !visible.includes(id))) expect(reads(id)).toHaveLength(0);
  });

  it('shows only the projects the config file names (pulse:), and names the ones it cannot read', async () => {
    app = await startApp({ timing, columns: 100 });
    const rig = app;
    rig.store.setState((s) => ({ config: { ...s.config, pulse: ['acme/web', 'acme/nope', 'acme/api'] } }));
    await rig.press(':');
    await rig.type('pulse');
    await rig.press(KEY.enter);
    await rig.waitFor(/Cannot read acme\/nope \(.*\)/);
    const loaded = () => pulseRows(rig.store.getState()).filter((r) => r.loaded);
    await rig.until(() => loaded().length === 2, 'the two rows');
    expect(
      loaded()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['acme/api', 'acme/web']);
    // The entry GitLab refused keeps its row (not read: "…"), named under the pulse.
    expect(pulseRows(rig.store.getState()).map((r) => r.path)).toEqual([...loaded().map((r) => r.path), 'acme/nope']);
    expect(rig.frame()).toMatch(/3 projects · /);
    const asked = new Set(pulseReads(rig).map((r) => projectOf(r.path)));
    const ids = loaded().map((r) => String(r.projectId));
    expect([...asked].sort()).toEqual(ids.sort());
  });

  it('reads a config file list of 10,000 projects lazily: only the rows on screen are looked up', async () => {
    app = await startApp({ timing, columns: 100, rows: 24 });
    const rig = app;
    const missing = Array.from({ length: 9_997 }, (_, i) => `acme/missing-${String(i).padStart(5, '0')}`);
    rig.store.setState((s) => ({ config: { ...s.config, pulse: ['acme/web', ...missing, 'acme/zzz', 'acme/api'] } }));
    await rig.press(':');
    await rig.type('pulse');
    await rig.press(KEY.enter);
    const lookups = () => rig.sim.requests.filter((r) => r.method === 'GET' && /^\/projects\/[^/?]+(\?|$)/.test(r.path));
    const state = () => rig.store.getState();
    // Every row on screen looked up and answered (the missing ones 404: named under the pulse).
    await rig.until(() => {
      const visible = visiblePulseIds(state());
      return visible.length > 0 && visible.every((id) => id > 0 || (state().pulse.lookups[id] !== undefined && !state().pulse.lookups[id]!.inFlight));
    }, 'the rows on screen looked up');
    await rig.waitFor(/Cannot read acme\/missing-00000 \(404 Project Not Found\), acme\/missing-00001/);
    expect(state().pulse.error).toMatch(/^Cannot read acme\/missing-00000 \(.*\), acme\/missing-00001 \(.*\), acme\/missing-00002 \(.*\) and \d+ more$/);
    expect(rig.frame()).toMatch(/10000 projects · /);
    const body = visiblePulseIds(state()).length;
    expect(body).toBeGreaterThan(5);
    expect(body).toBeLessThan(24);
    // One lookup per row that was on screen (rows sort by path until read: acme/api first, then
    // the missing ones); acme/web and acme/zzz sort last, never on screen, never asked about.
    const asked = lookups().map((r) => decodeURIComponent(/\/projects\/([^/?]+)/.exec(r.path)![1]!));
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked.length).toBeLessThanOrEqual(body);
    expect(asked).toContain('acme/api');
    expect(asked).not.toContain('acme/web');
    expect(asked).not.toContain('acme/zzz');
    expect(asked.filter((p) => p.startsWith('acme/missing-')).length).toBe(body - 1);
    // A row GitLab refused opens nothing, and says why.
    await rig.press('j', KEY.enter);
    await rig.waitFor(/acme\/missing-00000 could not be read/);
    expect(topPane(state()).kind).toBe('pulse');
  });
});

describe('the pulse of a user with more projects than a page', () => {
  it('reads the next page of projects when the cursor nears the end, so every project gets a row', async () => {
    app = await startApp({ timing, first: { kind: 'pulse' }, columns: 100, rows: 30, sim: { scale: { projects: 60 } } });
    const rig = app;
    await rig.until(() => pulseRows(rig.store.getState()).length === 50, 'the first page of projects (50)');
    await rig.press('G');
    await rig.until(() => pulseRows(rig.store.getState()).length > 50, 'the rows of the next page');
    // Every project the user can see (the private secret/payroll is not one of alice's): 59 of 60.
    const projects = listOf(rig.store.getState(), listKeys.projects());
    expect(projects.nextPage).toBeNull();
    expect(pulseRows(rig.store.getState()).length).toBe(projects.items.length);
    expect(projects.items.length).toBe(rig.sim.world.projects.size - 1);
  });
});
