// A user's command running in the background (output: none, its own process group) must not outlive
// pipetop: quitting (q, Ctrl-C) ends its group (SIGTERM, then SIGKILL after a grace) and says so on
// the restored screen; closing the terminal (SIGHUP) ends it as well. Each command writes its
// shell's pid to a file, and the test looks for that process in /proc.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile, type Screen } from './helpers/pty.js';

const { home, spawn } = ptyFile('pipetop-commands-exit-');

mkdirSync(join(home, '.config', 'pipetop'), { recursive: true });
writeFileSync(
  join(home, '.config', 'pipetop', 'config.yml'),
  [
    'commands:',
    '  - name: sleepy',
    '    output: none',
    `    run: 'echo $$ > "$HOME/sleepy.pid"; exec sleep 5000'`,
    '  - name: stubborn',
    '    output: none',
    // Ignores SIGTERM: only the SIGKILL after the grace ends it.
    `    run: 'trap "" TERM; echo $$ > "$HOME/stubborn.pid"; while :; do sleep 1; done'`,
  ].join('\n'),
);

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

async function until(check: () => boolean, what: string, tries = 400): Promise<void> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error(`never: ${what}`);
}

/** Runs `name` with :run and returns its shell's pid once it wrote it. */
async function run(screen: Screen, name: string): Promise<number> {
  const file = join(home, `${name}.pid`);
  writeFileSync(file, '');
  screen.write(':');
  screen.write(`run ${name}`);
  screen.write('\r');
  await until(() => readFileSync(file, 'utf8').trim() !== '', `${name} started`);
  const pid = Number(readFileSync(file, 'utf8').trim());
  expect(alive(pid)).toBe(true);
  return pid;
}

it('q ends a command still running and says so', async () => {
  const screen = spawn([]);
  await screen.waitFor('pulse', 20_000);
  const pid = await run(screen, 'sleepy');
  screen.write('q');
  expect(await screen.exited()).toBe(0);
  expect(alive(pid)).toBe(false);
  await screen.waitFor('pipetop: ended a command of yours still running: sleepy');
}, 45_000);

it('Ctrl-C ends one that ignores SIGTERM, with SIGKILL after the grace', async () => {
  const screen = spawn([]);
  await screen.waitFor('pulse', 20_000);
  const pids = [await run(screen, 'stubborn'), await run(screen, 'sleepy')];
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
  for (const pid of pids) expect(alive(pid)).toBe(false);
  await screen.waitFor('pipetop: ended 2 commands of yours still running: stubborn, sleepy');
}, 45_000);

it('closing the terminal (SIGHUP) ends it too', async () => {
  const screen = spawn([]);
  await screen.waitFor('pulse', 20_000);
  const pid = await run(screen, 'stubborn');
  screen.kill('SIGHUP');
  await screen.exited();
  // SIGTERM at exit (ignored by this one), then SIGKILL from the shell left to do it after the grace.
  await until(() => !alive(pid), 'the command ended', 400);
}, 45_000);
