// scripts/check-source.mjs (run by `npm run lint`) fails on a source file over 600 lines and on an
// import circle in src/ other than the known ones: each finding it must report is made here in a
// scratch tree, and the repository itself passes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without declarations; its exports are used as JavaScript.
import { check, circleFindings, featureFindings, FEATURE_TIERS, KNOWN_CIRCLES, KNOWN_WRITES, MAX_LINES, writeFindings } from '../scripts/check-source.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const trees: string[] = [];

/** A scratch repository with the given files (path → contents). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'pipetop-check-source-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

describe('check-source', () => {
  it('passes on the repository', () => {
    expect(check(ROOT)).toEqual([]);
  });

  it('fails on a file over 600 lines, in src/ and in test/, and not on one of exactly 600', () => {
    expect(MAX_LINES).toBe(600);
    const root = tree({ 'src/a.ts': lines(601), 'src/b.ts': lines(600), 'test/c.test.ts': lines(700), 'scripts/d.mjs': lines(10) });
    expect(check(root, [], {})).toEqual(['src/a.ts: 601 lines (max 600)', 'test/c.test.ts: 700 lines (max 600)']);
  });

  it('names a circle and the way round it, type imports and re-exports included', () => {
    const root = tree({
      'src/sim/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/sim/b.ts': "export { c as b } from './world/c.js';\n",
      'src/sim/world/c.ts': "import type { A } from '../a.js';\nexport const c = 1 as unknown as A;\n",
      'src/sim/d.ts': "// import { a } from './a.js' is a comment, not an import\nimport { a } from './a.js';\nexport const d = a;\n",
    });
    expect(circleFindings(join(root, 'src'), [])).toEqual(['import circle of 3 file(s) in src/: sim/a.ts → sim/b.ts → sim/world/c.ts → sim/a.ts']);
  });

  it('finds a file that imports itself and a circle through import()', () => {
    const root = tree({
      'src/a.ts': "export * from './a.js';\n",
      'src/b.ts': "export const b = () => import('./c.js');\n",
      'src/c.tsx': "import { b } from './b.js';\nexport const c = b;\n",
    });
    expect(circleFindings(join(root, 'src'), [])).toEqual([
      'import circle of 1 file(s) in src/: a.ts → a.ts',
      'import circle of 2 file(s) in src/: b.ts → c.tsx → b.ts',
    ]);
  });

  it('allows a known circle and what is left of it, but not a file that joins it nor a stale entry', () => {
    const files = {
      'src/a.ts': "import './b.js';\n",
      'src/b.ts': "import './c.js';\n",
      'src/c.ts': "import './a.js';\n",
    };
    const known = [['a.ts', 'b.ts', 'c.ts']];
    expect(circleFindings(join(tree(files), 'src'), known)).toEqual([]);
    // Shrunk to a.ts ↔ b.ts: still inside the known one.
    expect(circleFindings(join(tree({ ...files, 'src/b.ts': "import './a.js';\n" }), 'src'), known)).toEqual([]);
    const joined = tree({ ...files, 'src/c.ts': "import './d.js';\n", 'src/d.ts': "import './a.js';\n" });
    expect(circleFindings(join(joined, 'src'), known)).toEqual(['import circle of 4 file(s) in src/: a.ts → b.ts → c.ts → d.ts → a.ts (new to it: d.ts)']);
    const gone = tree({ ...files, 'src/c.ts': 'export {};\n' });
    expect(circleFindings(join(gone, 'src'), known)).toEqual(['KNOWN_CIRCLES[0] is no longer a circle: remove it from scripts/check-source.mjs']);
  });

  it('lets a feature import a feature of a lower tier, and the domain, and nothing else of the features', () => {
    const tiers = [['jobs'], ['pipelines']];
    const files = {
      'src/domain/jobs.ts': 'export const jobs = 1;\n',
      'src/features/jobs/index.ts': "import { jobs } from '../../domain/jobs.js';\nexport const row = jobs;\n",
      'src/features/pipelines/index.ts': "import { row } from '../jobs/index.js';\nexport const pipelines = row;\n",
      // A leaf (a pane of its own): it may import both tiers and the domain.
      'src/features/runners/pane.ts':
        "import { pipelines } from '../pipelines/index.js';\nimport { row } from '../jobs/index.js';\nexport const r = pipelines + row;\n",
      // Its test may import what it likes: only the source counts.
      'src/features/jobs/row.test.ts': "import { r } from '../runners/pane.js';\nexport const t = r;\n",
    };
    expect(featureFindings(join(tree(files), 'src'), tiers)).toEqual([]);

    // Upward: the lower tier imports the higher one; sideways: a tier imports its own.
    const upward = tree({ ...files, 'src/features/jobs/more.ts': "import { pipelines } from '../pipelines/index.js';\nexport const m = pipelines;\n" });
    expect(featureFindings(join(upward, 'src'), tiers)).toEqual([
      'features/jobs/more.ts: imports the feature pipelines from jobs, a tier not below it (FEATURE_TIERS in scripts/check-source.mjs)',
      'import loop of feature folders: jobs → pipelines → jobs',
    ]);
    const sideways = tree({
      ...files,
      'src/features/marks/index.ts': 'export const m = 1;\n',
      'src/features/jobs/more.ts': "import { m } from '../marks/index.js';\nexport const x = m;\n",
    });
    expect(featureFindings(join(sideways, 'src'), [['jobs', 'marks'], ['pipelines']])).toEqual([
      'features/jobs/more.ts: imports the feature marks from jobs, a tier not below it (FEATURE_TIERS in scripts/check-source.mjs)',
    ]);

    // Two leaves that import each other, type imports included: a loop, and each a leaf imported.
    const loop = tree({
      ...files,
      'src/features/environments/pane.ts': "import type { R } from '../runners/types.js';\nexport type E = R;\n",
      'src/features/runners/types.ts': "import type { E } from '../environments/pane.js';\nexport type R = E | 1;\n",
    });
    expect(featureFindings(join(loop, 'src'), tiers)).toEqual([
      'features/environments/pane.ts: imports the feature runners, which no feature may import (not in FEATURE_TIERS: share it through src/domain)',
      'features/runners/types.ts: imports the feature environments, which no feature may import (not in FEATURE_TIERS: share it through src/domain)',
      'import loop of feature folders: environments → runners → environments',
    ]);
    // check() reports them with the rest.
    expect(check(upward, [], {}, tiers)).toContain('import loop of feature folders: jobs → pipelines → jobs');
  });

  it('keeps the tiers of the repository: runners, jobs and marks, commands, the log, pipelines, then the pulse', () => {
    expect(FEATURE_TIERS).toEqual([['runners'], ['jobs', 'marks'], ['commands'], ['log'], ['pipelines'], ['pulse']]);
    expect(featureFindings(join(ROOT, 'src'))).toEqual([]);
  });

  it('allows no circle in src/', () => {
    expect(KNOWN_CIRCLES).toEqual([]);
  });

  it('finds setState outside the writers and the trail written outside store/nav.ts, a test and a known file excepted', () => {
    const root = tree({
      'src/store/nav.ts': 'export const push = (store) => store.setState((s) => ({ stack: [...s.stack, 1] }));\n',
      'src/store/writer.ts': 'export const write = (store, change) => store.setState(change);\n',
      'src/features/a/x.ts': '// store.setState({ stack }) in a comment is no write\nexport const f = (ctx) => ctx.store.setState({ toast: null });\n',
      'src/features/a/x.test.ts': 'store.setState({ stack: [] });\n',
      'src/features/b/y.tsx': 'export const g = (store, stack) => {\n  store.setState({ stack });\n  store.setState((s) => ({ n: s.n + 1 }));\n};\n',
      'src/store/known.ts': 'export const h = (store) => store.setState({ quit: true });\n',
    });
    expect(writeFindings(root, { 'src/store/known.ts': [1, 'why'] })).toEqual([
      "src/features/a/x.ts:2: setState outside a writer (1, allowed 0): call the owner's writer (store/writer.ts, store/writers.ts)",
      'src/features/b/y.tsx:2: writes the trail (stack): call store/nav.ts',
      "src/features/b/y.tsx:2: setState outside a writer (2, allowed 0): call the owner's writer (store/writer.ts, store/writers.ts)",
    ]);
    // A known file that writes less than it may: the entry must shrink with it.
    expect(writeFindings(root, { 'src/store/known.ts': [2, 'why'] }).at(-1)).toBe(
      "KNOWN_WRITES['src/store/known.ts'] allows 2 setState calls, it has 1: lower it in scripts/check-source.mjs",
    );
  });

  it('excepts few files from the writers, each with its reason', () => {
    expect(Object.keys(KNOWN_WRITES).sort()).toEqual(['src/features/requests/record.ts', 'src/store/polling.ts']);
    for (const [count, why] of Object.values(KNOWN_WRITES) as [number, string][]) expect(count > 0 && why.length > 0).toBe(true);
  });
});
