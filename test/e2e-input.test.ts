// Keys in bursts, end to end: the built bundle in a real pseudo-terminal (node-pty) read through a
// headless xterm. Each burst is ONE write to the terminal, as key repeat, fast typing or a laggy
// SSH link deliver them. Also: the terminal modes pipetop sets (alternate screen,
// bracketed paste) are undone on quit and on SIGTERM, and a bad config file is reported inside
// the app while it starts with the defaults.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile, type Screen } from './helpers/pty.js';
import { until as waitUntil } from './helpers/until.js';

const { home, spawn } = ptyFile('pipetop-home-');

const ALT_ON = '\x1b[?1049h';
const ALT_OFF = '\x1b[?1049l';
const PASTE_ON = '\x1b[?2004h';
const PASTE_OFF = '\x1b[?2004l';

/** The project paths of the list, top to bottom. */
function projectRows(text: string): string[] {
  return text
    .split('\n')
    .slice(1)
    .map((line) => /^\s*\S*\s*([a-z0-9-]+(?:\/[a-z0-9._-]+)+)/.exec(line)?.[1])
    .filter((p): p is string => p !== undefined);
}

const until = (check: () => boolean, what: string, s: Screen) => waitUntil(check, what, { timeoutMs: 10_000, everyMs: 25, show: s.text });

it('takes bursts in one write: jjjkk⏎, Esc, a split arrow, two backspaces, a 2 KB paste, Esc+Ctrl-C', async () => {
  const s = spawn(['--demo']);
  await s.waitFor('acme/platform/infra/terraform', 20_000);
  await s.waitFor('● live');
  expect(s.raw().startsWith(ALT_ON) || s.raw().includes(ALT_ON)).toBe(true);
  expect(s.raw()).toContain(PASTE_ON);
  const rows = projectRows(s.text());
  expect(rows.length).toBeGreaterThan(3);

  // Down three, up two, open: the second row.
  s.write('jjjkk\r');
  await s.waitFor('1 Pipelines');
  expect(s.text().split('\n')[0]).toContain(rows[1]);

  // Back (a lone Esc), then an arrow split across two writes: Down, not "back" and "[B".
  s.write('\x1b');
  await until(() => !s.text().includes('1 Pipelines'), 'the project list again', s);
  s.write('\x1b');
  s.write('[B');
  s.write('\r');
  await s.waitFor('1 Pipelines');
  expect(s.text().split('\n')[0]).toContain(rows[2]);
  expect(s.text()).not.toContain('[B');

  // Two backspaces in one write erase two characters of the palette prompt.
  s.write(':abcd');
  await s.waitFor(': abcd');
  s.write('\x7f\x7f');
  await until(() => /: ab(?!c)/.test(s.text()), ': ab', s);

  // A 2 KB paste goes whole into the prompt; its q's and j's run nothing.
  s.write('\x15');
  s.write(`\x1b[200~${'qj'.repeat(1024)}\x1b[201~`);
  await s.waitFor('qjqjqjqjqjqjqjqjqjqj');
  s.write('\x1b');
  await until(() => !s.text().includes('qjqjqj'), 'the prompt to close', s);
  expect(s.text()).toContain('1 Pipelines');

  // Esc and Ctrl-C in one read: quits.
  s.write('?');
  await s.waitFor('Here: ');
  s.write('\x1b\x03');
  expect(await s.exited()).toBe(0);
  const raw = s.raw();
  const end = raw.lastIndexOf(ALT_ON);
  expect(raw.indexOf(PASTE_OFF, end)).toBeGreaterThan(end);
  expect(raw.indexOf(ALT_OFF, end)).toBeGreaterThan(end);
}, 60_000);

it('leaves the alternate screen and bracketed paste on SIGTERM', async () => {
  const s = spawn(['--demo']);
  await s.waitFor('● live', 20_000);
  s.kill('SIGTERM');
  expect(await s.exited()).toBe(143);
  const raw = s.raw();
  const on = raw.indexOf(ALT_ON);
  expect(on).toBeGreaterThanOrEqual(0);
  expect(raw.indexOf(PASTE_OFF, on)).toBeGreaterThan(on);
  expect(raw.indexOf(ALT_OFF, on)).toBeGreaterThan(on);
}, 40_000);

it("reports a bad config file and the flags' warnings inside the app, one at a time, and starts with the defaults", async () => {
  const dir = join(home, 'bad-config');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'config.yml');
  writeFileSync(file, 'theme: high-contrast\nkeys:\n  app.refresh: j\n');
  const s = spawn(['--demo', '--host', 'gitlab.example.com'], { env: { PIPETOP_CONFIG: file } });
  await s.waitFor('acme/platform/infra/terraform', 20_000);
  const shows = (re: RegExp) => until(() => re.test(s.text().replace(/\n/g, '')), String(re), s);
  // Once on stderr (hidden by the alternate screen); now in the footer, each until a key.
  await shows(/--host ignored with --demo \(2 more: any key\)/);
  s.write('j');
  // The message wraps over the toast's two rows; the file is named from ~.
  await shows(/~\/bad-config\/config\.yml:3: keys\.app\.refresh: 'j' is already nav\.down/);
  s.write('k');
  await shows(/keeps its default keys \(R\)/);
  // j and k still moved (the defaults kept): ⏎ opens the first project, and the notices are gone.
  s.write('\r');
  await s.waitFor('1 Pipelines');
  expect(s.text()).not.toContain('config.yml');
  expect(s.text()).not.toContain('ignored with');
}, 40_000);
