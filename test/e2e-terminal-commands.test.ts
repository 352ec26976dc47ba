// Handing the terminal over, in a real pseudo-terminal with the built bundle: a command of the
// user's with `output: terminal`, the log in $PAGER and in $EDITOR. The TUI leaves the alternate
// screen and raw mode, the program owns the tty (it reads what is typed, Ctrl-C is its own), and
// afterwards the TUI's screen comes back whole and takes keys again.
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ptyFile, type Screen } from './helpers/pty.js';
import { until } from './helpers/until.js';

const { home, spawn } = ptyFile('pipetop-terminal-');

mkdirSync(join(home, '.config', 'pipetop'), { recursive: true });
writeFileSync(
  join(home, '.config', 'pipetop', 'config.yml'),
  [
    'commands:',
    '  - name: shell-in',
    '    key: ctrl+t',
    '    output: terminal',
    `    run: 'printf "IN-THE-TERMINAL %s\\n" "$PIPETOP_PROJECT"; read line; printf "%s" "$line" > "$HOME/typed"'`,
    '  - name: interrupted',
    '    output: terminal',
    `    run: 'printf "WAITING\\n"; read line'`,
    '  - name: paged',
    '    output: pager',
    `    run: 'printf "\\033[31mRED-TEXT\\033[0m\\n\\033]52;c;aGk=\\007OSC-GONE\\n"; echo PAGED-OUT'`,
  ].join('\n'),
);
// A pager and an editor that show what they were given and wait for Enter, as real ones wait for q.
writeFileSync(join(home, 'pager.sh'), 'printf "PAGER-GOT %s\\n" "$*"; head -n 2 "$1"; printf "PAGER-END\\n"; read x\n');
writeFileSync(join(home, 'editor.sh'), 'printf "EDITOR-GOT %s\\n" "$*"; cp "$2" "$HOME/edited"; read x\n');

const ALT_OFF = '\u001b[?1049l';
const ALT_ON = '\u001b[?1049h';

/** The TUI is whole: its header on the first row, its key hints on the last, nothing of the program. */
function whole(screen: Screen, leftovers: string[]): void {
  const lines = screen.text().split('\n');
  expect(lines).toHaveLength(24);
  expect(lines[0]).toMatch(/^pipetop\s/);
  expect(lines[23]).toMatch(/\? help/);
  for (const text of leftovers) expect(screen.text()).not.toContain(text);
}

async function settle(screen: Screen, gone: string): Promise<void> {
  await until(() => !screen.text().includes(gone), `${gone} gone from the screen`, { timeoutMs: 10_000, everyMs: 25, show: () => screen.text() });
}

it('output: terminal suspends the TUI, gives the program the tty, and restores the screen whole', async () => {
  const screen = spawn(['--project', 'acme/api']);
  await screen.waitFor(/#\d+\s+main/, 20_000);
  whole(screen, []);
  const before = screen.raw().length;
  screen.write('\u0014'); // ctrl+t
  await screen.waitFor('IN-THE-TERMINAL acme/api');
  // The alternate screen was left: the program writes on the normal screen, and the TUI is not there.
  expect(screen.raw().slice(before)).toContain(ALT_OFF);
  expect(screen.text()).not.toMatch(/^pipetop\s/m);
  // It reads the real terminal, in line mode: what is typed, one key at a time, then Enter.
  for (const key of 'hello') screen.write(key);
  screen.write('\r');
  await screen.waitFor('shell-in ended — press Enter to return');
  expect(readFileSync(join(home, 'typed'), 'utf8')).toBe('hello');
  const back = screen.raw().length;
  screen.write('\r');
  await screen.waitFor(/#\d+\s+main/);
  await screen.waitFor('shell-in done');
  expect(screen.raw().slice(back)).toContain(ALT_ON);
  whole(screen, ['IN-THE-TERMINAL', 'press Enter to return']);
  // Keys reach the TUI again.
  screen.write(':');
  await screen.waitFor('project <path|id>');
  screen.write('\u001b');
  await settle(screen, 'project <path|id>');
  // Ctrl-C in the program is the program's: it ends, pipetop stays and says how it ended.
  screen.write(':run interrupted\r');
  await screen.waitFor('WAITING');
  screen.write('\u0003');
  await screen.waitFor('interrupted ended — press Enter to return');
  screen.write('\r');
  await screen.waitFor(/interrupted failed \((exit status 130|killed by SIGINT)\)/);
  whole(screen, ['WAITING']);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

it('output: pager shows the output in less -R when $PAGER is unset: colours kept, other escapes dropped', async () => {
  const screen = spawn(['--project', 'acme/api'], { env: { PAGER: '' } });
  await screen.waitFor(/#\d+\s+main/, 20_000);
  const before = screen.raw().length;
  screen.write(':run paged\r');
  await screen.waitFor('PAGED-OUT');
  const shown = screen.raw().slice(before);
  expect(screen.text()).toMatch(/^RED-TEXT$/m);
  expect(screen.text()).toMatch(/^OSC-GONE$/m);
  // less -R passed the colour through; the OSC 52 (a clipboard write) never reached the terminal.
  expect(shown).toMatch(/\u001b\[31mRED-TEXT/);
  expect(shown).not.toContain(']52;');
  screen.write('q');
  await screen.waitFor(/#\d+\s+main/);
  whole(screen, ['PAGED-OUT', 'RED-TEXT']);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

it('| opens the log in $PAGER and v in $EDITOR at the cursor line; the screen comes back whole', async () => {
  const screen = spawn(['--project', 'acme/api'], { env: { PAGER: `sh ${join(home, 'pager.sh')}`, EDITOR: `sh ${join(home, 'editor.sh')}`, VISUAL: '' } });
  await screen.waitFor(/#\d+\s+main/, 20_000);
  screen.write('\r');
  await screen.waitFor(/build\s+build/);
  screen.write('\r');
  // At least three lines for `jj` below to reach line 3: the demo's newest pipeline may be one whose
  // build job has just started (two lines so far, at some times of day); its log grows within seconds.
  await screen.waitFor(/(?:[3-9]|[1-9]\d+) lines · /, 20_000);
  // The cursor to the top: line 1.
  screen.write('g');
  await screen.waitFor(/row 1 /);
  screen.write('|');
  await screen.waitFor('PAGER-END');
  expect(screen.text()).toMatch(/PAGER-GOT \S+pipetop-view-\d+-[0-9a-f]+\.tmp/);
  screen.write('\r');
  await screen.waitFor(/[1-9]\d* lines · /);
  whole(screen, ['PAGER-GOT', 'PAGER-END']);
  // Down two lines: the editor opens at line 3 of a plain-text copy (no escapes in it).
  screen.write('jj');
  screen.write('v');
  await screen.waitFor('EDITOR-GOT +3 ');
  screen.write('\r');
  await screen.waitFor(/[1-9]\d* lines · /);
  whole(screen, ['EDITOR-GOT']);
  const edited = readFileSync(join(home, 'edited'), 'utf8');
  expect(edited.split('\n').length).toBeGreaterThan(3);
  expect(edited).not.toContain('\u001b');
  // The copies are gone once the programs end.
  const given = /EDITOR-GOT \+3 (\S+)/.exec(screen.raw())![1]!;
  await until(() => !existsSync(given), `${given} removed`, { timeoutMs: 5000, everyMs: 25 });
  expect(existsSync(given)).toBe(false);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});
