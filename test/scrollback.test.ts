// The user's scrollback survives pipetop. Ink's full redraw (a frame as tall as the screen, e.g.
// after a resize) wrote ansi-escapes' clearTerminal, `ESC[2J ESC[3J ESC[H`, and `ESC[3J` erases the
// saved lines — tmux applies it even inside the alternate screen, so 300 lines of history became 0.
// patches/ink+6.8.0.patch makes that redraw erase the screen only. Checked twice: no `ESC[3J` in any
// byte of a pty session with full redraws, and a real tmux keeps its history across a run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUNDLE, ptyFile } from './helpers/pty.js';
import { until as waitUntil } from './helpers/until.js';

const { spawn, env } = ptyFile('pipetop-scrollback-');
const ERASE_SAVED_LINES = '\x1b[3J';

it('never writes ESC[3J, through full redraws (resizes, panes, the help screen) and quit', async () => {
  const screen = spawn(['--demo'], { cols: 80, rows: 24 });
  await screen.waitFor('● live', 20_000);
  // Each resize redraws the whole frame; a frame as tall as the screen takes Ink's clearing path.
  const sizes: [number, number][] = [
    [100, 30],
    [60, 16],
    [90, 26],
    [80, 24],
  ];
  for (const [cols, rows] of sizes) {
    screen.resize(cols, rows);
    await screen.waitFor(new RegExp(`^.{0,${cols}}● live`, 'm'), 10_000);
  }
  screen.write('?');
  await screen.waitFor(/help/i);
  screen.write('q');
  screen.write('q');
  await screen.exited();
  // Sanity: the session did redraw the whole screen (the erase Ink sends), just never the history.
  expect(screen.raw()).toContain('\x1b[2J');
  expect(screen.raw().includes(ERASE_SAVED_LINES)).toBe(false);
});

const tmux = spawnSync('tmux', ['-V'], { encoding: 'utf8' });

it.skipIf(tmux.status !== 0)('tmux keeps the 300 lines of history a shell printed before pipetop ran', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pipetop-tmux-'));
  const socket = join(dir, 'sock');
  // 300 lines of history, then pipetop in the same pane; the pane stays after it quits.
  const script = join(dir, 'run.sh');
  const vars = Object.entries({ ...env, TERM: 'tmux-256color' })
    .map(([k, v]) => `${k}='${v ?? ''}'`)
    .join(' ');
  writeFileSync(script, `seq 1 300\nenv -u CI ${vars} '${process.execPath}' '${BUNDLE}' --demo\necho pipetop-ended\nsleep 60\n`);
  const run = (...args: string[]) => spawnSync('tmux', ['-S', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  const pane = () => run('capture-pane', '-p', '-t', 's').stdout;
  const history = () => Number(run('display-message', '-p', '-t', 's', '#{history_size}').stdout.trim());
  const until = (check: () => boolean, what: string) => waitUntil(check, what, { timeoutMs: 20_000, everyMs: 50, show: pane });
  try {
    expect(run('new-session', '-d', '-s', 's', '-x', '80', '-y', '24', `sh ${script}`).status).toBe(0);
    await until(() => pane().includes('● live'), 'pipetop');
    // Full redraws: the window resized twice.
    run('resize-window', '-t', 's', '-x', '100', '-y', '30');
    await until(() => /^.{60,}● live/m.test(pane()), 'the wide frame');
    run('resize-window', '-t', 's', '-x', '70', '-y', '20');
    await until(() => /^.{0,70}● live$/m.test(pane()) && pane().split('\n').length <= 21, 'the narrow frame');
    run('send-keys', '-t', 's', 'q');
    await until(() => pane().includes('pipetop-ended'), 'pipetop to quit');
    // The numbers the shell printed are still in tmux's history.
    // (Inside the alternate screen tmux counts no history: it is measured after the quit.)
    expect(history()).toBeGreaterThan(250);
    expect(run('capture-pane', '-p', '-t', 's', '-S', '-400').stdout).toMatch(/^150$/m);
  } finally {
    run('kill-server');
  }
});
