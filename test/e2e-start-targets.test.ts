// Files the user names, checked at start (the built bundle in a pty): `--debug-log` naming a FIFO
// nothing reads made quitting hang for ever, and naming a directory wrote nothing and said nothing;
// `downloads:` naming a device, a FIFO or a link to one was refused only at the first save.
import { execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile } from './helpers/pty.js';
import { until } from './helpers/until.js';

const { home, spawn } = ptyFile('pipetop-start-targets-');

it('--debug-log naming a FIFO nothing reads is refused at start, at once', async () => {
  const fifo = join(home, 'no-reader.fifo');
  execFileSync('mkfifo', [fifo]);
  const screen = spawn(['--demo', '--debug-log', fifo]);
  expect(await screen.exited()).toBe(2);
  expect(screen.raw()).toContain(`pipetop: --debug-log ${fifo}: a FIFO that nothing reads: start its reader first, or give a file`);
}, 45_000);

it('--debug-log naming a FIFO with a reader logs to it, and q quits', async () => {
  const fifo = join(home, 'read.fifo');
  execFileSync('mkfifo', [fifo]);
  let read = '';
  const reader = createReadStream(fifo, { encoding: 'utf8' });
  reader.on('data', (chunk) => (read += chunk));
  const screen = spawn(['--demo', '--debug-log', fifo]);
  await screen.waitFor('pulse', 20_000);
  await until(() => / GET \/\S+ -> 200 /.test(read), 'a GET answered 200 in the debug log', { timeoutMs: 30_000, everyMs: 25, show: () => read });
  expect(read).toMatch(/ GET \/\S+ -> 200 /);
  screen.write('q');
  expect(await screen.exited()).toBe(0);
  reader.destroy();
}, 45_000);

it('--debug-log naming a directory is refused at start', async () => {
  const dir = join(home, 'a-dir');
  mkdirSync(dir);
  const screen = spawn(['--demo', '--debug-log', dir]);
  expect(await screen.exited()).toBe(2);
  expect(screen.raw()).toContain(`pipetop: --debug-log ${dir}: a directory: give a file name`);
}, 45_000);

it.each([
  ['a device', '/dev/null', '/dev/null is a device, not a directory'],
  ['a FIFO', 'fifo', 'is a FIFO, not a directory'],
  ['a link to a FIFO', 'link', 'is a link to a FIFO, not a directory'],
])(
  'downloads: naming %s is said at start',
  async (_, name, said) => {
    const fifo = join(home, 'downloads.fifo');
    try {
      execFileSync('mkfifo', [fifo]);
      symlinkSync(fifo, join(home, 'downloads.link'));
    } catch {
      // Made by an earlier case.
    }
    const target = name === 'fifo' ? fifo : name === 'link' ? join(home, 'downloads.link') : name;
    const config = join(home, `config-${name.replace(/\W/g, '')}.yml`);
    writeFileSync(config, `downloads: ${target}\n`);
    const screen = spawn(['--demo'], { cols: 160, env: { PIPETOP_CONFIG: config } });
    await screen.waitFor(said, 20_000);
    expect(screen.text()).toContain(`downloads: ${target}`);
    expect(readFileSync(config, 'utf8')).toContain(target);
    screen.write('q');
  },
  45_000,
);
