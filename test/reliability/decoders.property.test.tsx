// Property tests as the guarantee. Answers are generated from the decoders' own field
// lists (src/api/decoders.ts): every field of every entity gets a value of its kind, text full of
// escapes, null, a value of any other JSON type, or nothing. Then:
// - each decoder either decodes (every field it lists has its kind, or is absent where optional)
//   or refuses with a DecodeError naming the object — never anything else;
// - the real app (test/helpers/app.tsx) shows every pane from such answers without "This view could
//   not be shown", and every request it sends stays inside the API's routes;
// - `pipetop watch`'s three outputs (lines, --json, the live view) come out of such answers with
//   an exit code and without a stack trace.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/api/decoders.js';
import { DecodeError, decodeEntity, type Entity, type Field, type Kind } from '../../src/api/entity.js';
import type { Pane } from '../../src/store/types.js';
import { startApp, type AppRig } from '../helpers/app.js';
import { startRig, type Rig } from '../helpers/sim.js';
import { watchOn } from '../watch/helpers.js';

/** Terminal attacks and awkward text. */
const NASTY = [
  '\x1b]52;c;cHduZWQ=\x07',
  '\x1b]0;pwned\x07',
  '\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\',
  '\x1b[2J',
  '\x1b[?1049h',
  '\x1bc',
  '\x1bP+q544e\x1b\\',
  '\x1b',
  '\x07',
  '\x00',
  '\r',
  '\n',
  '\t',
  '\x9b2J',
  '\x9d0;t\x07',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ud800',
  '漢字',
  '👩‍👩‍👧‍👦',
  'e\u0301',
  '%1B%5D0%3Bx%07',
  '%',
  '..',
  '/',
  '?',
  '#',
];
const nasty = fc.array(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...NASTY)), { maxLength: 6 }).map((p) => p.join(''));
const junk = fc.oneof(fc.jsonValue({ maxDepth: 2 }), nasty);
const ABSENT = Symbol('absent');

function valid(kind: Kind, depth: number): fc.Arbitrary<unknown> {
  if (typeof kind !== 'string') {
    if ('entity' in kind) return entityArb(kind.entity, depth + 1);
    return fc.array(valid(kind.list, depth + 1), { maxLength: depth > 1 ? 1 : 3 });
  }
  switch (kind) {
    case 'int':
      return fc.integer({ min: 1, max: 2_000_000 });
    case 'number':
      return fc.double({ min: 0, max: 1e6, noNaN: true });
    case 'count':
      return fc.oneof(fc.nat(5000), fc.nat(5000).map(String));
    case 'text':
      return nasty;
    case 'status':
      return fc.oneof(fc.constantFrom('success', 'failed', 'running', 'pending', 'manual', 'canceled', 'skipped', 'created'), nasty);
    case 'bool':
      return fc.boolean();
    case 'any':
      return junk;
  }
}

/** A field's value: mostly right, sometimes null, of another type, or missing. Required fields are right more often, so rows get drawn. */
function fieldArb(f: Field, depth: number): fc.Arbitrary<unknown> {
  const right = valid(f.kind, depth);
  return f.required
    ? fc.oneof({ weight: 30, arbitrary: right }, { weight: 1, arbitrary: junk }, { weight: 1, arbitrary: fc.constant(ABSENT) })
    : fc.oneof(
        { weight: 6, arbitrary: right },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: junk },
        { weight: 2, arbitrary: fc.constant(ABSENT) },
      );
}

const arbs = new Map<Entity<unknown>, fc.Arbitrary<Record<string, unknown>>>();
function entityArb(e: Entity<unknown>, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const cached = depth === 0 ? arbs.get(e) : undefined;
  if (cached) return cached;
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, f] of Object.entries(e.fields)) fields[key] = depth > 2 ? fc.constant(ABSENT) : fieldArb(f, depth);
  const arb = fc.record(fields).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ABSENT)));
  if (depth === 0) arbs.set(e, arb);
  return arb;
}
const gen = <T,>(e: Entity<T>) => entityArb(e as Entity<unknown>);

/** Does `value` have `kind` (after decoding: counts are numbers)? */
function hasKind(value: unknown, kind: Kind): boolean {
  if (typeof kind !== 'string') {
    if ('entity' in kind) return typeof value === 'object' && value !== null && !Array.isArray(value);
    return Array.isArray(value) && value.every((v) => hasKind(v, kind.list));
  }
  switch (kind) {
    case 'int':
      return Number.isSafeInteger(value);
    case 'number':
    case 'count':
      return typeof value === 'number' && Number.isFinite(value);
    case 'text':
    case 'status':
      return typeof value === 'string';
    case 'bool':
      return typeof value === 'boolean';
    case 'any':
      return true;
  }
}

describe('decoders, from their own field lists', () => {
  for (const [name, e] of Object.entries(ENTITIES)) {
    it(`${name}: decodes to its kinds, or refuses naming the ${e.what}`, () => {
      fc.assert(
        fc.property(fc.oneof({ weight: 9, arbitrary: gen(e as Entity<unknown>) }, { weight: 1, arbitrary: junk }), (input) => {
          let out: Record<string, unknown>;
          try {
            out = decodeEntity(e as Entity<unknown>, input).value as Record<string, unknown>;
          } catch (err) {
            expect(err).toBeInstanceOf(DecodeError);
            expect((err as Error).message).toMatch(/^GitLab sent an? /);
            return;
          }
          for (const [key, f] of Object.entries(e.fields)) {
            const v = out[key];
            if (v === undefined) expect(f.required && !f.softNull && f.kind !== 'any', `${name}.${key} required`).toBe(false);
            else if (v === null) expect(f.nullable || f.kind === 'any', `${name}.${key} null`).toBe(true);
            else expect(hasKind(v, f.kind), `${name}.${key}: ${JSON.stringify(v)}`).toBe(true);
          }
        }),
        { numRuns: 150 },
      );
    });
  }
});

// ---- the app ------------------------------------------------------------------------------------------

/** The API's routes (src/api/*.ts), as paths below /api/v4 with their ids. */
const ROUTES: RegExp[] = [
  /^\/user$/,
  /^\/events$/,
  /^\/users\/[^/.][^/]*\/events$/,
  /^\/keys\/\d+$/,
  /^\/projects$/,
  /^\/projects\/[^/.][^/]*$/,
  /^\/projects\/[^/.][^/]*\/(pipelines|jobs|pipeline_schedules|deployments|events)$/,
  /^\/projects\/[^/.][^/]*\/pipeline$/,
  /^\/projects\/[^/.][^/]*\/pipelines\/\d+(\/(jobs|bridges|variables|test_report|test_report_summary|retry|cancel))?$/,
  /^\/projects\/[^/.][^/]*\/jobs\/\d+(\/(trace|artifacts|cancel|retry|erase|play|artifacts\/keep))?$/,
  /^\/projects\/[^/.][^/]*\/pipeline_schedules\/\d+(\/take_ownership)?$/,
  /^\/projects\/[^/.][^/]*\/deployments\/\d+$/,
  /^\/projects\/[^/.][^/]*\/merge_requests\/\d+(\/pipelines)?$/,
  // The GraphQL endpoint (src/api/graphql.ts: an open pipeline's tree), beside /api/v4.
  /^\/api\/graphql$/,
];
const inRoutes = (path: string) => ROUTES.some((r) => r.test(path));
/** A logged request's path below /api/v4, without its query. */
const bare = (path: string) => path.split('?')[0]!.replace(/^\/api\/v4/, '');

const PANE_BROKEN = /could not be shown/i;
/** Anything but SGR (`ESC [ … m`): other escapes, C1 controls, BEL, bidi overrides. */
const NOT_SGR = /\x1b(?!\[[0-9;]*m)|[\x00-\x08\x0b-\x1f\x7f-\x9f]|[\u202a-\u202e\u2066-\u2069]/;

interface Scenario {
  name: string;
  /** Answers by path (below /api/v4, RegExp on the path without query). */
  answers: fc.Arbitrary<Array<{ path: RegExp; body: unknown }>>;
  pane: (ids: { projectId: number; id: number }) => Pane;
  /** Keys to press once the pane is up (i: details). */
  keys?: string[];
  /** A list not per project, read once per app: R asks for it again. */
  refresh?: boolean;
}

const list = <T,>(e: Entity<T>) => fc.array(gen(e), { minLength: 1, maxLength: 3 });
const P = String.raw`/projects/\d+`;
const SCENARIOS: Scenario[] = [
  {
    name: 'projects list',
    answers: list(ENTITIES.project).map((b) => [{ path: /^\/projects$/, body: b }]),
    pane: () => ({ kind: 'projects' }),
    refresh: true,
  },
  {
    name: 'pipelines tab',
    answers: list(ENTITIES.pipelineBasic).map((b) => [{ path: new RegExp(`^${P}/pipelines$`), body: b }]),
    pane: ({ projectId }) => ({ kind: 'project', projectId, path: 'acme/api', tab: 'pipelines' }),
  },
  {
    name: 'jobs tab',
    answers: list(ENTITIES.job).map((b) => [{ path: new RegExp(`^${P}/jobs$`), body: b }]),
    pane: ({ projectId }) => ({ kind: 'project', projectId, path: 'acme/api', tab: 'jobs' }),
  },
  {
    name: 'pipeline pane with jobs, trigger jobs, variables and tests; i details',
    answers: fc
      .tuple(gen(ENTITIES.pipeline), list(ENTITIES.job), list(ENTITIES.bridge), list(ENTITIES.pipelineVariable), gen(ENTITIES.testReportSummary))
      .map(([pipeline, jobs, bridges, variables, summary]) => [
        { path: new RegExp(`^${P}/pipelines/\\d+$`), body: pipeline },
        { path: new RegExp(`^${P}/pipelines/\\d+/jobs$`), body: jobs },
        { path: new RegExp(`^${P}/pipelines/\\d+/bridges$`), body: bridges },
        { path: new RegExp(`^${P}/pipelines/\\d+/variables$`), body: variables },
        { path: new RegExp(`^${P}/pipelines/\\d+/test_report_summary$`), body: summary },
      ]),
    pane: ({ projectId, id }) => ({ kind: 'pipeline', projectId, path: 'acme/api', pipelineId: id, view: 'list' }),
    keys: ['i'],
  },
  {
    name: 'tests view',
    answers: fc.tuple(gen(ENTITIES.pipeline), gen(ENTITIES.testReport), gen(ENTITIES.testReportSummary)).map(([pipeline, report, summary]) => [
      { path: new RegExp(`^${P}/pipelines/\\d+/test_report$`), body: report },
      { path: new RegExp(`^${P}/pipelines/\\d+$`), body: pipeline },
      { path: new RegExp(`^${P}/pipelines/\\d+/test_report_summary$`), body: summary },
    ]),
    pane: ({ projectId, id }) => ({ kind: 'tests', projectId, path: 'acme/api', pipelineId: id, open: false }),
    keys: ['\r'],
  },
  {
    name: 'job pane',
    answers: gen(ENTITIES.job).map((b) => [{ path: new RegExp(`^${P}/jobs/\\d+$`), body: b }]),
    pane: ({ projectId, id }) => ({ kind: 'job', projectId, path: 'acme/api', jobId: id }),
  },
  {
    name: 'schedules tab',
    answers: list(ENTITIES.schedule).map((b) => [{ path: new RegExp(`^${P}/pipeline_schedules$`), body: b }]),
    pane: ({ projectId }) => ({ kind: 'project', projectId, path: 'acme/api', tab: 'schedules' }),
  },
  {
    name: 'schedule pane',
    answers: gen(ENTITIES.schedule).map((b) => [{ path: new RegExp(`^${P}/pipeline_schedules/\\d+$`), body: b }]),
    pane: ({ projectId, id }) => ({ kind: 'schedule', projectId, path: 'acme/api', scheduleId: id }),
  },
  {
    name: 'deployments tab',
    answers: list(ENTITIES.deployment).map((b) => [{ path: new RegExp(`^${P}/deployments$`), body: b }]),
    pane: ({ projectId }) => ({ kind: 'project', projectId, path: 'acme/api', tab: 'deployments' }),
  },
  {
    name: 'deployment pane',
    answers: gen(ENTITIES.deployment).map((b) => [{ path: new RegExp(`^${P}/deployments/\\d+$`), body: b }]),
    pane: ({ projectId, id }) => ({ kind: 'deployment', projectId, path: 'acme/api', deploymentId: id }),
  },
  {
    name: 'events (mine), with their projects',
    answers: fc.tuple(list(ENTITIES.event), gen(ENTITIES.project)).map(([events, project]) => [
      { path: /^\/events$/, body: events },
      { path: /^\/projects\/\d+$/, body: project },
    ]),
    pane: () => ({ kind: 'events', who: 'me' }),
    refresh: true,
  },
  {
    name: 'project events tab',
    answers: list(ENTITIES.event).map((b) => [{ path: new RegExp(`^${P}/events$`), body: b }]),
    pane: ({ projectId }) => ({ kind: 'project', projectId, path: 'acme/api', tab: 'events' }),
  },
  {
    name: 'SSH key pane',
    answers: gen(ENTITIES.sshKey).map((b) => [{ path: /^\/keys\/\d+$/, body: b }]),
    pane: ({ id }) => ({ kind: 'key', keyId: id }),
  },
  {
    name: 'merge request pane',
    answers: fc.tuple(gen(ENTITIES.mergeRequest), list(ENTITIES.pipelineBasic)).map(([mr, pipelines]) => [
      { path: new RegExp(`^${P}/merge_requests/\\d+$`), body: mr },
      { path: new RegExp(`^${P}/merge_requests/\\d+/pipelines$`), body: pipelines },
    ]),
    pane: ({ projectId, id }) => ({ kind: 'mergeRequest', projectId, path: 'acme/api', iid: id }),
  },
];

const RUNS_PER_PANE = 6;

/**
 * GitLab answers `GET …/things/:id` with the thing of that id: a generated object whose id (or a
 * merge request's iid) is a number gets the one the pane asked for, so the pane shows the answer
 * rather than waiting for an object that never comes (a non-number id stays, for the refusal).
 */
function askedFor(body: unknown, id: number): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...body };
  if (typeof out.id === 'number') out.id = id;
  if (typeof out.iid === 'number') out.iid = id;
  return out;
}

describe('every pane from generated answers', () => {
  let app: AppRig;
  let next = 900_000;
  /** Frames that held something other than SGR, per pane (the text lane's primitive closes these). */
  const leaks = new Map<string, string>();
  const onRejection = (e: unknown) => {
    throw e;
  };

  /**
   * Until nothing more is asked and the frame holds still (no "Loading"): bounded, 3 s at most. A
   * refused answer settles too: the detail panes say "Could not load …" in place of "Loading …"
   * (test/app/refused-details.test.tsx), where they once waited out the cap on every such run.
   */
  const settle = async () => {
    let last = '';
    let requests = -1;
    let still = 0;
    for (let i = 0; i < 60 && still < 3; i++) {
      const frame = app.frame();
      still = frame === last && app.sim.requests.length === requests && !/Loading|loading…/.test(frame) ? still + 1 : 0;
      last = frame;
      requests = app.sim.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    app = await startApp({ columns: 120, rows: 30 });
    await app.waitFor('acme/api');
  }, 30_000);
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await app?.close();
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: never "could not be shown"; requests stay inside the API's routes`, async () => {
      await fc.assert(
        fc.asyncProperty(scenario.answers, async (answers) => {
          const id = next++;
          app.sim.faults.clear();
          for (const a of answers)
            app.sim.faults.add({ kind: 'respond', method: 'GET', path: a.path, status: 200, body: askedFor(a.body, id) as object, times: 1000 });
          const seen = app.sim.requests.length;
          // A project of its own per run (ids no list has read yet), so every run reads its answers afresh.
          // Lists read before are forgotten (the projects list and my events are not per project).
          app.store.setState((s) => ({ lists: {}, stack: [...s.stack.slice(0, 1), scenario.pane({ projectId: id, id })] }));
          if (scenario.refresh) await app.press('R');
          const first = answers[0]!.path;
          await app.until(
            () => app.sim.requests.slice(seen).some((r) => first.test(bare(r.path))) || PANE_BROKEN.test(app.frame()),
            `${scenario.name}: its first request`,
            8000,
          );
          await settle();
          for (const key of scenario.keys ?? []) {
            await app.press(key);
            await settle();
          }
          const frame = app.frame();
          expect(frame).not.toMatch(PANE_BROKEN);
          if (NOT_SGR.test(frame) && !leaks.has(scenario.name)) leaks.set(scenario.name, JSON.stringify(frame.match(NOT_SGR)?.[0]));
          const outside = app.sim.requests
            .slice(seen)
            .map((r) => bare(r.path))
            .filter((p) => !inRoutes(p));
          expect(outside).toEqual([]);
          app.sim.faults.clear();
        }),
        { numRuns: RUNS_PER_PANE },
      );
    }, 120_000);
  }

  // Checked over the frames of every run above (this file's tests run in order).
  it('nothing but SGR reaches the frame from any pane', () => {
    expect(next).toBeGreaterThan(900_000);
    expect(Object.fromEntries(leaks)).toEqual({});
  });
});

// ---- pipetop watch ----------------------------------------------------------------------------------------

describe("pipetop watch's three outputs from generated answers", () => {
  let rig: Rig;
  beforeAll(async () => {
    rig = await startRig();
  });
  afterAll(() => rig?.close());

  const FINISHED = fc.constantFrom('success', 'failed', 'canceled', 'skipped');
  const answers = fc.tuple(gen(ENTITIES.pipeline), FINISHED, list(ENTITIES.job), fc.array(gen(ENTITIES.bridge), { maxLength: 2 }));

  for (const mode of [
    { name: 'lines', argv: [] },
    { name: '--json', argv: ['--json'] },
    { name: 'live view', argv: [], tty: true },
  ] as const) {
    it(`${mode.name}: an exit code and a message, never a stack trace; requests inside the API's routes`, async () => {
      await fc.assert(
        fc.asyncProperty(answers, async ([pipeline, status, jobs, bridges]) => {
          const p = await rig.gl.pipelines.create('acme/api', 'fix/timeouts');
          rig.sim.faults.clear();
          const at = (suffix: string) => new RegExp(`^/projects/\\d+/pipelines/${p.id}${suffix}$`);
          rig.sim.faults.add({ kind: 'respond', method: 'GET', path: at(''), status: 200, body: { ...pipeline, status }, times: 1000 });
          rig.sim.faults.add({ kind: 'respond', method: 'GET', path: at('/jobs'), status: 200, body: jobs, times: 1000 });
          rig.sim.faults.add({ kind: 'respond', method: 'GET', path: at('/bridges'), status: 200, body: bridges, times: 1000 });
          const seen = rig.sim.requests.length;
          const run = await watchOn(rig, [String(p.id), '--project', 'acme/api', '--interval', '10', '--give-up', '5', ...mode.argv], {
            tty: 'tty' in mode && mode.tty,
          });
          rig.sim.faults.clear();
          expect([0, 1, 2, 3, 4, 5]).toContain(run.code);
          expect(run.err).not.toMatch(/\n\s+at /);
          expect(run.out + run.err).not.toMatch(/TypeError|is not a function|Cannot read properties/);
          const outside = rig.sim.requests
            .slice(seen)
            .map((r) => bare(r.path))
            .filter((path) => !inRoutes(path));
          expect(outside).toEqual([]);
        }),
        { numRuns: 8 },
      );
    }, 120_000);
  }
});
