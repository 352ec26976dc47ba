// Sizes in a real terminal: the built bundle in a pseudo-terminal (node-pty) read through a headless
// xterm, resized as a window is. Below the minimum the app says so instead of drawing fragments;
// grown back, it draws every line within the screen, the status line of a pipeline included.
import { expect, it } from 'vitest';
import { ptyFile } from './helpers/pty.js';
import { buildWorld } from '../src/sim/world/build.js';
import { until } from './helpers/until.js';
import { memberProjects } from './helpers/sim.js';

/** How many projects the demo's user is a member of: the projects list's "of N". */
let members: number | null = null;
const demoMembers = (): number => (members ??= memberProjects(buildWorld(1, Date.now())));

const { spawn } = ptyFile('pipetop-home-');

function expectFits(text: string, cols: number, rows: number): void {
  const lines = text.split('\n');
  expect(lines).toHaveLength(rows);
  for (const line of lines) expect([...line].length, text).toBeLessThanOrEqual(cols);
}

it('at 20×5 says the terminal is too small; grown to 80×24 and shrunk to 60×16 it draws whole screens', async () => {
  const screen = spawn(['--demo'], { cols: 20, rows: 5 });
  await screen.waitFor(/terminal too small/, 20_000);
  expect(screen.text().replace(/\s+/g, ' ')).toMatch(/need at least 40×10/);
  screen.resize(80, 24);
  await screen.waitFor(`${demoMembers()} projects`);
  await screen.waitFor('● live');
  // Without a project the app opens on the pulse; `:projects` opens the projects list.
  screen.write(':');
  await screen.waitFor('project <path|id>');
  screen.write('projects\r');
  await screen.waitFor(/› pulse › projects/);
  await screen.waitFor(/\d+ projects\s*$/m);
  const projects = screen.text();
  expect(projects).not.toContain('terminal too small');
  expectFits(projects, 80, 24);
  expect(projects.split('\n')[23]).toMatch(/\? help/);
  // Into acme/api's newest pipeline, then shrink: the status line stays under the header.
  screen.write('/');
  await screen.waitFor('type to filter');
  screen.write('acme/api');
  await screen.waitFor(`1 of ${demoMembers()} projects`);
  screen.write('\r');
  await until(() => !screen.text().includes('type to filter'), 'the filter line to close', { timeoutMs: 5000, everyMs: 25, show: () => screen.text() });
  screen.write('\r');
  // The demo's world runs on the wall clock: the newest pipeline's ref varies with the hour.
  await screen.waitFor(/#\d+\s+\S+\s+[0-9a-f]{8}\s/);
  screen.write('\r');
  await screen.waitFor(/[1-9]\d* jobs · v stage graph/);
  screen.resize(60, 16);
  await screen.waitFor(/^pipetop .*› … › /m);
  const pipeline = screen.text();
  expectFits(pipeline, 60, 16);
  expect(pipeline.split('\n')[1]).toMatch(/^. \w+ #\d+ on \S+ · [0-9a-f]{8}/);
  expect(pipeline.split('\n')[15]).toMatch(/\? help$/);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});
