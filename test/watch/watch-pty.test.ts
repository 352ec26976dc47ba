// `pipetop watch --notify` from the built bundle in a real pseudo-terminal, on the demo simulator
// run fast: the live view, the summary, and the notification bytes (OSC 777, OSC 9, title, BEL)
// arriving — wrapped for tmux when TMUX is set, none without --notify, and only the channels the
// config file leaves on.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile } from '../helpers/pty.js';

const { home, spawn } = ptyFile('pipetop-watch-home-');
const ESC = '\x1b';
const BEL = '\x07';

const END = /pipeline #\d+ (success|failed|canceled|skipped|is blocked)/;
const args = ['watch', '--demo', '--speed', '600', '--project', 'acme/api', '--interval', '0.5'];

it('--notify: the live view ends with the summary, then OSC 777, OSC 9, the title and the bell', async () => {
  const screen = spawn([...args, '--notify']);
  await screen.waitFor(END, 30_000);
  const code = await screen.exited();
  expect([0, 1]).toContain(code);
  const raw = screen.raw();
  const outcome = code === 0 ? 'success' : '(failed|canceled|skipped|waits on a manual job)';
  // The demo says so in the notification too.
  expect(raw).toMatch(new RegExp(`${ESC}\\]777;notify;pipetop DEMO: pipeline ${outcome};DEMO #\\d+ [^${BEL}]* · main · acme/api${BEL}`));
  expect(raw).toMatch(new RegExp(`${ESC}\\]9;pipetop DEMO: pipeline ${outcome}: DEMO #\\d+ [^${BEL}]*${BEL}`));
  expect(raw).toMatch(new RegExp(`${ESC}\\]2;pipetop DEMO: pipeline ${outcome}${BEL}${BEL}`));
  // The notification comes after the summary line.
  expect(raw.indexOf(`${ESC}]777;`)).toBeGreaterThan(raw.search(END));
  // The live view was drawn in place, not in an alternate screen.
  expect(raw).not.toContain(`${ESC}[?1049h`);
});

it('inside tmux the notifications go through its pass-through; without --notify there are none', async () => {
  const tmux = spawn([...args, '--notify'], { env: { TMUX: '/tmp/tmux-0/default,1,0' } });
  await tmux.waitFor(END, 30_000);
  await tmux.exited();
  expect(tmux.raw()).toMatch(new RegExp(`${ESC}Ptmux;${ESC}${ESC}\\]777;notify;pipetop DEMO: pipeline [^${BEL}]*${BEL}${ESC}\\\\`));
  tmux.kill();

  const quiet = spawn(args);
  await quiet.waitFor(END, 30_000);
  await quiet.exited();
  expect(quiet.raw()).not.toContain(`${ESC}]777;`);
  expect(quiet.raw()).not.toContain(`${ESC}]9;`);
  expect(quiet.raw()).not.toContain(BEL);
});

it("--notify follows the config file's notifications: the bell only, when the file turns the others off", async () => {
  const file = join(home, 'notify-bell-only.yml');
  writeFileSync(file, 'notifications: { bell: true, desktop: false, title: false }\n');
  const screen = spawn([...args, '--notify'], { env: { PIPETOP_CONFIG: file } });
  await screen.waitFor(END, 30_000);
  await screen.exited();
  const raw = screen.raw();
  expect(raw).not.toContain(`${ESC}]777;`);
  expect(raw).not.toContain(`${ESC}]9;`);
  expect(raw).not.toContain(`${ESC}]2;`);
  expect(raw.indexOf(BEL)).toBeGreaterThan(raw.search(END));
});
