// A watched pipeline's end told through a real terminal: the built bundle on the demo simulator run
// fast, `N` creates a pipeline (which marks it by itself), and when it ends the bytes arrive — OSC
// 777, OSC 9, the title and the bell; wrapped for tmux when TMUX is set; none of them when the
// config file ($PIPETOP_CONFIG) turns them off.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile, type Screen } from '../helpers/pty.js';
import { until } from '../helpers/until.js';

const { home, spawn } = ptyFile('pipetop-marks-home-');
const ESC = '\x1b';
const BEL = '\x07';

const ENDED = /Pipeline #\d+ on main (passed|failed|was canceled|was skipped)/;

/** Starts the demo on acme/api, creates a pipeline for main with N and leaves its pane. */
async function createWatched(extra: Record<string, string>): Promise<Screen> {
  const s = spawn(['--demo', '--speed', '600', '--project', 'acme/api'], { cols: 100, rows: 30, env: extra });
  await s.waitFor('1 Pipelines', 20_000);
  await s.waitFor('● live');
  s.write('N');
  await s.waitFor('New pipeline in acme/api');
  s.write('\r');
  await s.waitFor(/◆ watched/);
  s.write('\x1b');
  await s.waitFor(/#\d+ ◆/);
  await s.waitFor(ENDED, 40_000);
  return s;
}

it('a watched pipeline ends: OSC 777, OSC 9, the title and the bell', async () => {
  const screen = await createWatched({});
  const said = '(passed|failed|was canceled|was skipped)';
  await until(() => screen.raw().includes(`${ESC}]777;`), 'the OSC 777 notification', { timeoutMs: 5000, everyMs: 25, show: screen.raw });
  const raw = screen.raw();
  expect(raw).toMatch(new RegExp(`${ESC}\\]777;notify;pipetop: pipeline ${said};#\\d+ [^${BEL}]* · main · acme/api${BEL}`));
  expect(raw).toMatch(new RegExp(`${ESC}\\]9;pipetop: pipeline ${said}: #\\d+ [^${BEL}]*${BEL}`));
  expect(raw).toMatch(new RegExp(`${ESC}\\]2;pipetop: pipeline ${said}${BEL}${BEL}`));
});

it('inside tmux the notification goes through its pass-through', async () => {
  const screen = await createWatched({ TMUX: '/tmp/tmux-0/default,1,0' });
  await until(() => screen.raw().includes(`${ESC}Ptmux;`), "tmux's pass-through", { timeoutMs: 5000, everyMs: 25, show: screen.raw });
  expect(screen.raw()).toMatch(new RegExp(`${ESC}Ptmux;${ESC}${ESC}\\]777;notify;pipetop: pipeline [^${BEL}]*${BEL}${ESC}\\\\`));
  expect(screen.raw()).toMatch(new RegExp(`${ESC}Ptmux;${ESC}${ESC}\\]2;pipetop: pipeline [^${BEL}]*${BEL}${ESC}\\\\${BEL}`));
});

it('turned off in the config file: the toast only, no bytes', async () => {
  const file = join(home, 'quiet.yml');
  writeFileSync(file, 'notifications: { bell: false, desktop: false, title: false }\n');
  const screen = await createWatched({ PIPETOP_CONFIG: file });
  const raw = screen.raw();
  expect(raw).not.toContain(`${ESC}]777;`);
  expect(raw).not.toContain(`${ESC}]9;`);
  expect(raw).not.toContain(`${ESC}]2;`);
  expect(raw).not.toContain(BEL);
});
