// End to end, hostile input: the built bundle in a real pty against an in-process simulator whose
// world serves terminal-attack strings in a project's name and description, job names, commit
// titles, user names, event notes and a job log. Walking the projects list, the project, a
// pipeline, the job's log and the events tab, none of the injected sequences reaches the terminal.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';
import { ptyFile } from '../helpers/pty.js';
import { until } from '../helpers/until.js';

const { spawn } = ptyFile('pipetop-hostile-');

/** Each payload is wrapped in visible text so we can see the field rendered; the escapes must vanish. */
const PAYLOADS = [
  '\x1b]52;c;SElTVElMRQ==\x07',
  '\x1b]52;c;SElTVElMRQ==\x1b\\',
  '\x1b]0;PWNED-TITLE\x07',
  '\x1b[2J',
  '\x1bc',
  '\x1bP+q544e\x1b\\',
  '\x07\x07',
  '\x9b2J',
  '\x9d0;C1-TITLE\x07',
  '\x00\u202eexe.txt',
  '\x1b[?1049h\x1b[H',
  '漢字🙂e\u0301',
];
const hostile = (i: number, label: string) => `${label}${PAYLOADS[i % PAYLOADS.length]}ok`;

let sim: Simulator;
let tried = 0;

beforeAll(async () => {
  sim = await startSimulator({ speed: 0, seed: 3 });
  const world = sim.world;
  const project = [...world.projects.values()].find((p) => p.path === 'api')!;
  let n = 0;
  project.name = hostile(n++, 'api');
  project.description = hostile(n++, 'desc');
  for (const commit of project.commits) commit.title = hostile(n++, 'commit');
  for (const user of world.users.values()) {
    user.username = hostile(n++, user.username);
    user.name = hostile(n++, user.name);
  }
  for (const job of world.jobs.values()) if (job.projectId === project.id) job.name = hostile(n++, `j${job.stage}`);
  for (const event of world.events) if (event.note) event.note.body = hostile(n++, 'note');
  // The job log: every payload on its own line, and all of them on one line between colours.
  const log = [...PAYLOADS.map((p, i) => `line${i} ${p} end`), `\x1b[32mgreen${PAYLOADS.join('')}\x1b[0m`, 'LOG-TAIL-MARKER', ''].join('\r\n');
  n += PAYLOADS.length + 1;
  sim.faults.add({ kind: 'respond', method: 'GET', path: /\/jobs\/\d+\/trace$/, status: 200, body: log, contentType: 'text/plain', times: 1000 });
  tried = n;
}, 60_000);

afterAll(async () => {
  await sim?.close();
});

function leaks(raw: string): string[] {
  const found: string[] = [];
  for (const bad of ['\x1b]52', '\x1b]0;', '\x1bc', '\x1bP', '\x07', '\x9b', '\x9d', '\x00', '\u202e', 'SElTVElMRQ==\x07']) {
    if (raw.includes(bad)) found.push(JSON.stringify(bad));
  }
  // Ink clears the screen itself with `ESC[2J ESC[H` (patched: never ESC[3J, which would wipe the
  // user's scrollback — test/scrollback.test.ts); any other ESC[2J, and any ESC[3J, was injected.
  const clears = raw.split('\x1b[2J').length - 1;
  const inkClears = raw.split('\x1b[2J\x1b[H').length - 1;
  if (clears !== inkClears) found.push(JSON.stringify('\x1b[2J'));
  if (raw.includes('\x1b[3J')) found.push(JSON.stringify('\x1b[3J'));
  return found;
}

it('the leak check itself catches each injected sequence', () => {
  for (const p of PAYLOADS.slice(0, 9)) expect(leaks(`Ink output ${p} more`)).not.toEqual([]);
  expect(leaks('\x1b[2J\x1b[H\x1b[31mred\x1b[39m')).toEqual([]);
  expect(leaks('\x1b[2J\x1b[3J\x1b[H')).not.toEqual([]);
});

it('walks projects → project → pipeline → job log → events with hostile server strings, and no injected escape reaches the terminal', async () => {
  const screen = spawn(['--host', sim.url, '--token', 'demo-user-token'], { cols: 100, rows: 30 });
  await screen.waitFor('acme/api', 20_000);
  await screen.waitFor('● live');
  // Without a project the app opens on the pulse (hostile paths and refs drawn there too);
  // `:projects` opens the projects list.
  await screen.waitFor(/\d+ projects · \d+ red/);
  screen.write(':');
  await screen.waitFor('project <path|id>');
  screen.write('projects');
  await screen.waitFor(/^:\s*projects/m);
  screen.write('\r');
  await screen.waitFor(/› pulse › projects {2}/);
  screen.write('/');
  await screen.waitFor('type to filter');
  screen.write('acme/api');
  await screen.waitFor(/1 of \d+ projects/);
  screen.write('\r');
  await until(() => !screen.text().includes('type to filter'), 'the filter line to close', { timeoutMs: 5000, everyMs: 25, show: () => screen.text() });
  screen.write('\r');
  await screen.waitFor('1 Pipelines');
  await screen.waitFor(/#\d+\s+\S/);
  await screen.waitFor(/desc|commit/);
  screen.write('\r');
  await screen.waitFor(/#\d+ on \S/);
  // Not "0 jobs": the status line shows that while the jobs load, and Enter then has no row to open
  // (under load the jobs took ~400 ms, and this test pressed Enter on an empty list).
  await screen.waitFor(/\b[1-9]\d* jobs · /);
  screen.write('\r');
  await screen.waitFor('LOG-TAIL-MARKER', 15_000);
  expect(screen.text()).toMatch(/line0\s+end|line0 {1,2}end/);
  screen.write('q');
  await screen.waitFor(/#\d+ on \S/);
  screen.write('q');
  await screen.waitFor('1 Pipelines');
  screen.write('5');
  await screen.waitFor(/note|commit|pushed|commented/i, 15_000);
  await screen.waitFor(/note\w*ok|noteok/, 15_000);
  // The hostile fields were on screen (their visible parts), so the check below is not vacuous.
  const SEEN = ['descok', 'jbuild', 'commit', 'line0', 'LOG-TAIL-MARKER', 'note'];
  await until(() => SEEN.every((seen) => screen.raw().includes(seen)), 'every hostile field drawn', {
    timeoutMs: 10_000,
    everyMs: 25,
    show: () => screen.text(),
  });
  const raw = screen.raw();
  for (const seen of SEEN) expect(raw).toContain(seen);
  const leaked = leaks(raw);
  console.log(
    `hostile e2e: ${tried} hostile strings injected into the world (${PAYLOADS.length} payload kinds), ${leaked.length} escapes leaked, ${raw.length} chars written`,
  );
  expect(leaked).toEqual([]);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
}, 90_000);
