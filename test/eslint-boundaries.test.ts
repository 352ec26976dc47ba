// The import boundaries `npm run lint` enforces (eslint/boundaries.mjs, wired in eslint.config.js),
// run through ESLint with the repository's own config on small made-up files: each rule of the
// table must reject what it forbids and let through what it allows.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The boundary findings for `code` as the file `path` (it need not exist). */
async function findings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'pipetop/boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  it('src/api imports nothing of the app, and no package but undici', async () => {
    expect(await findings('src/api/x.ts', "import { createAppStore } from '../store/store.js';")).toEqual(['src/api may not import src/store']);
    expect(await findings('src/api/x.ts', "import React from 'react';")).toEqual(['src/api may not import the package react']);
    expect(
      await findings('src/api/x.ts', "import { request } from 'undici';\nimport { readFile } from 'node:fs/promises';\nimport { x } from './y.js';"),
    ).toEqual([]);
  });

  it('src/log, text, cron and keymap take only types from src/api', async () => {
    expect(await findings('src/log/x.ts', "import type { Job } from '../api/index.js';\nimport { safeText } from '../text/safe.js';")).toEqual([]);
    expect(await findings('src/log/x.ts', "import { type Job } from '../api/index.js';")).toEqual([]);
    expect(await findings('src/log/x.ts', "import { readTrace } from '../api/trace.js';")).toEqual([
      'src/log may import only types from src/api (use import type)',
    ]);
    expect(await findings('src/text/x.ts', "import { keymap } from '../keymap/bindings.js';")).toEqual(['src/text may not import src/keymap']);
    expect(await findings('src/keymap/x.ts', "import { useStore } from '../store/store.js';")).toEqual(['src/keymap may not import src/store']);
  });

  it('src/sim stands on its own: nothing of src/ outside src/sim, not even the client’s types', async () => {
    const own = (to: string) => `src/sim stands on its own: it may not import src/${to} (write it from GitLab's source under src/sim)`;
    expect(await findings('src/sim/routes/x.ts', "import { JOB_SCOPES } from '../../api/types.js';")).toEqual([own('api')]);
    expect(await findings('src/sim/x.ts', "import type { Job } from '../api/index.js';")).toEqual([own('api')]);
    expect(await findings('src/sim/world/x.ts', "import { nextRuns } from '../../cron/cron.js';")).toEqual([own('cron')]);
    expect(await findings('src/sim/x.ts', "import { safeText } from '../text/safe.js';")).toEqual([own('text')]);
    expect(await findings('src/sim/x.ts', "import { Controller } from '../store/controller.js';")).toEqual([own('store')]);
    expect(await findings('src/sim/x.ts', "const ui = await import('../ui/App.js');")).toEqual([own('ui')]);
    expect(await findings('src/sim/x.ts', "export * from '../lib/lru.js';")).toEqual([own('lib')]);
    // Its own files, node's modules and its one package are fine.
    expect(
      await findings(
        'src/sim/routes/x.ts',
        "import { GITLAB_STATUSES } from '../gitlab-values.js';\nimport { zipSync } from 'fflate';\nimport { gzipSync } from 'node:zlib';",
      ),
    ).toEqual([]);
  });

  it('no file under src/sim imports from src/ outside src/sim (the whole simulator, linted)', async () => {
    const results = await eslint.lintFiles(['src/sim/**/*.ts']);
    const crossings = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'pipetop/boundaries').map((m) => `${r.filePath}: ${m.message}`));
    expect(crossings).toEqual([]);
    expect(results.length).toBeGreaterThan(30);
  });

  it('src/store never imports src/ui; tests are free', async () => {
    expect(await findings('src/store/x.ts', "export { App } from '../ui/App.js';")).toEqual([
      'src/store may not import src/ui (the store holds data; the UI reads it)',
    ]);
    expect(await findings('src/store/x.test.ts', "import { App } from '../ui/App.js';")).toEqual([]);
  });

  it('features use the plumbing; the plumbing never uses a feature; a feature is reached through its index.ts', async () => {
    expect(
      await findings(
        'src/features/jobs/pane.tsx',
        "import type { Job } from '../../api/index.js';\nimport { safeText } from '../../text/safe.js';\nimport { open } from './actions.js';",
      ),
    ).toEqual([]);
    expect(await findings('src/features/jobs/pane.tsx', "import { pipelines } from '../pipelines/index.js';")).toEqual([]);
    expect(await findings('src/features/jobs/pane.tsx', "import { slice } from '../pipelines/slice.js';")).toEqual([
      'import features/pipelines through its index.ts, not slice.js',
    ]);
    expect(await findings('src/app/features.ts', "import { JobsPane } from '../features/jobs/pane.js';")).toEqual([
      'import features/jobs through its index.ts, not pane.js',
    ]);
    expect(await findings('src/log/x.ts', "import { jobs } from '../features/jobs/index.js';")).toEqual([
      'src/log is plumbing and may not import a feature (features/jobs)',
    ]);
  });

  it('src/store and src/ui name no feature and not the app shell; the shell names them; features never import the shell', async () => {
    const blind = (from: string, to: string) => `src/${from} names no feature: the app shell (src/app) composes them (src/${to} imported)`;
    expect(await findings('src/store/create.ts', "import { createJobsSlice } from '../features/jobs/index.js';")).toEqual([blind('store', 'features/jobs')]);
    expect(await findings('src/store/types.ts', "import type { JobsSlice } from '../features/jobs/slice.js';")).toEqual([blind('store', 'features/jobs')]);
    expect(await findings('src/store/controller.ts', "import { FEATURES } from '../app/features.js';")).toEqual([blind('store', 'app')]);
    expect(await findings('src/ui/App.tsx', "import { JobPane } from '../features/log/index.js';")).toEqual([blind('ui', 'features/log')]);
    expect(await findings('src/ui/components/x.tsx', "import { FEATURES } from '../../app/features.js';")).toEqual([blind('ui', 'app')]);
    expect(await findings('src/app/features.ts', "import { logFeature } from '../features/log/feature.js';")).toEqual([]);
    // The domain (the shared records) names no feature either, and the core names no record of it.
    expect(await findings('src/domain/jobs.ts', "import { JobTable } from '../features/jobs/index.js';")).toEqual([blind('domain', 'features/jobs')]);
    expect(await findings('src/store/retention.ts', "import { listKeys } from '../domain/list-keys.js';")).toEqual([
      'src/store names no record: src/domain stands above the core',
    ]);
    expect(await findings('src/features/jobs/x.ts', "import { rememberJob } from '../../domain/jobs.js';")).toEqual([]);
    expect(await findings('src/features/jobs/x.ts', "import { logFeature } from '../log/feature.js';")).toEqual([
      'import features/log through its index.ts, not feature.js',
    ]);
    expect(await findings('src/features/log/x.ts', "import { createApp } from '../../app/create.js';")).toEqual([
      'a feature may not import the app shell (src/app) above it',
    ]);
    // Tests are free (a store test may build the app).
    expect(await findings('src/store/x.test.ts', "import { createAppStore } from '../app/create.js';")).toEqual([]);
  });
});

/** The rules that keep server text away from the terminal, for `code` as the file `path`. */
async function textFindings(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Text reaches the terminal through one primitive; a component that imports Ink's Text
// (or Transform) could render a server string raw, so only the primitive may.
describe('one text primitive', () => {
  it("only src/ui/components/Text.tsx may import Ink's Text or Transform", async () => {
    const refused = /Import Text from src\/ui\/components\/Text\.tsx/;
    for (const code of [
      "import { Box, Text } from 'ink';",
      "import { Text as T } from 'ink';",
      "import { Transform } from 'ink';",
      "export { Text } from 'ink';",
      "import * as Ink from 'ink';",
    ]) {
      const found = await textFindings('src/features/pipelines/X.tsx', code);
      expect(found, code).toHaveLength(1);
      expect(found[0], code).toMatch(refused);
    }
    expect(await textFindings('src/ui/Header.tsx', "import { Text } from 'ink';")).toHaveLength(1);
    expect(await textFindings('src/ui/components/Text.tsx', "import { Text as InkText } from 'ink';")).toEqual([]);
    expect(
      await textFindings('src/features/pipelines/X.tsx', "import { Box, useInput } from 'ink';\nimport { Text } from '../../ui/components/Text.js';"),
    ).toEqual([]);
  });
});
