// The first Intl.Segmenter a process makes loads ICU's break rules: 10-30 ms of start-up on this
// repository's machine. The first frame is plain text, so nothing on its way may make one: not
// src/text/safe.ts, slice-ansi or ansi-tokenize when they load (patches/), nor Ink's clipping of a
// line that fits (scripts/ink/output-get.ts). A preload (NODE_OPTIONS=--import) writes down every
// segmenter the built bundle makes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ptyFile, type Screen } from './helpers/pty.js';
import { until } from './helpers/until.js';
import { startHostile, type HostileServer } from './hostile/server.js';

const { home, spawn } = ptyFile('pipetop-segmenter-');
const preload = join(home, 'count-segmenters.mjs');
let hostile: HostileServer;

beforeAll(async () => {
  writeFileSync(
    preload,
    [
      "import { appendFileSync } from 'node:fs';",
      'const Real = Intl.Segmenter;',
      'Intl.Segmenter = class extends Real {',
      '  constructor(...args) {',
      '    super(...args);',
      '    appendFileSync(process.env.SEGMENTER_LOG, `${new Error().stack}\\n`);',
      '  }',
      '};',
    ].join('\n'),
  );
  hostile = await startHostile();
  // A GitLab that never answers: the first frame ("connecting") stays the only frame.
  hostile.mount('/', () => undefined);
});
afterAll(async () => {
  await hostile.close();
});

function start(log: string): Screen {
  const env = {
    GITLAB_HOST: hostile.url,
    GITLAB_TOKEN: 'glpat-stalled',
    NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
    SEGMENTER_LOG: log,
  };
  return spawn([], { env });
}

it('the first frame makes no Intl.Segmenter', async () => {
  const log = join(home, 'first-frame.log');
  const screen = start(log);
  await screen.waitFor('connecting');
  await screen.waitFor('? help');
  expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
});

it('a line Ink cuts does make one (the check above can fail)', async () => {
  const log = join(home, 'cut.log');
  const screen = start(log);
  await screen.waitFor('connecting');
  // The command line's hints are wider than 80 columns: Ink truncates them with slice-ansi.
  screen.write(':');
  await screen.waitFor('project <path|id>');
  await until(() => existsSync(log), 'the log written', { timeoutMs: 5000, everyMs: 25 });
  expect(readFileSync(log, 'utf8')).toContain('Intl.Segmenter');
});
