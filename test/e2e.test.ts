// End to end: the built bundle in a real pseudo-terminal (node-pty), read through a headless xterm,
// as a person would see it — `pipetop` with no GitLab configured opens the demo on the built-in
// simulator, at 80×24.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BUNDLE, ptyFile } from './helpers/pty.js';
import { buildWorld } from '../src/sim/world/build.js';
import { until } from './helpers/until.js';
import { memberProjects } from './helpers/sim.js';

/** How many projects the demo's user is a member of: the projects list's "of N". */
let members: number | null = null;
const demoMembers = (): number => (members ??= memberProjects(buildWorld(1, Date.now())));

// An empty HOME and no GitLab variables: nothing configured, so the demo opens.
const { home, env, spawn } = ptyFile('pipetop-home-');

it('opens the demo, navigates to a pipeline and a job by keyboard, and quits cleanly at 80×24', async () => {
  const screen = spawn([]);
  await screen.waitFor('acme/platform/infra/terraform', 20_000);
  expect(screen.text()).toMatch(/DEMO/);
  await screen.waitFor('● live');
  // Without a project the app opens on the pulse; `:projects` opens the projects list.
  await screen.waitFor(/\d+ projects · \d+ red · \d+ running/);
  await screen.waitFor(/\d+ req\/min/);
  screen.write(':');
  await screen.waitFor('project <path|id>');
  screen.write('projects');
  await screen.waitFor(/^:\s*projects/m);
  screen.write('\r');
  await screen.waitFor(/› pulse › projects {2}/);
  // Find acme/api with the filter, open it, open the newest pipeline, then its first job.
  screen.write('/');
  await screen.waitFor('type to filter');
  screen.write('acme/api');
  await screen.waitFor(`1 of ${demoMembers()} projects`);
  screen.write('\r');
  // The filter line closes when Enter keeps the filter; only then open the project.
  await until(() => !screen.text().includes('type to filter'), 'the filter line to close', { timeoutMs: 5000, everyMs: 25, show: () => screen.text() });
  screen.write('\r');
  await screen.waitFor('1 Pipelines');
  await screen.waitFor(/#\d+\s+main/);
  screen.write('\r');
  await screen.waitFor(/#\d+ on \S/); // the demo runs on the wall clock: the newest ref varies
  await screen.waitFor(/build\s+build/);
  screen.write('\r');
  await screen.waitFor(/ lines · /);
  screen.write('i');
  await screen.waitFor('Triggered by');
  const text = screen.text();
  expect(text.split('\n')).toHaveLength(24);
  expect(text.split('\n').every((line) => line.length <= 80)).toBe(true);
  expect(text).toMatch(/r retry job/);
  screen.write('q');
  await screen.waitFor(/v stage graph/);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

it('--debug-log writes one line per request, private, with no token in it', async () => {
  const log = join(home, 'debug.log');
  const screen = spawn(['--demo', '--debug-log', log]);
  await screen.waitFor('acme/api', 20_000);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
  const text = readFileSync(log, 'utf8');
  expect(text).toMatch(/^\S+ GET \/user -> 200 \d+ms \d+B$/m);
  expect(text).toMatch(/GET \/projects\?membership=true.* -> 200/);
  expect(text).not.toContain('demo-user-token');
  expect(statSync(log).mode & 0o077).toBe(0);
});

it('explains itself when stdin is not a terminal, instead of crashing', () => {
  const out = spawnSync(process.execPath, [BUNDLE, '--demo'], { input: '', encoding: 'utf8', env: { ...process.env, ...env } });
  expect(out.status).toBe(2);
  expect(out.stderr).toContain('pipetop needs an interactive terminal');
});

it('says exactly what to set when a host is configured without a token', () => {
  const out = spawnSync(process.execPath, [BUNDLE, '--host', 'gitlab.example.com'], { encoding: 'utf8', env: { ...process.env, ...env } });
  expect(out.status).toBe(2);
  expect(out.stderr).toMatch(/GITLAB_TOKEN/);
  expect(out.stderr).toMatch(/--token/);
  expect(out.stderr).toContain('https://gitlab.example.com');
});
