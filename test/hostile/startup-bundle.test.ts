// The built bundle in a pty with `--project`: the app draws first and looks the project up inside,
// so a stalled GitLab never leaves a blank terminal with `q` ignored, and an unknown project says so
// instead of silently opening the project list.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_TOKENS, startSimulator, type Simulator } from '../../src/sim/index.js';
import { ptyFile, type Screen } from '../helpers/pty.js';
import { START } from '../helpers/sim.js';
import { startHostile, type HostileServer } from './server.js';

const { home, spawn } = ptyFile('pipetop-startup-home-');
// Nothing configured but what a test sets (each sets its GITLAB_TOKEN).
const noGlab = { GLAB_CONFIG_DIR: join(home, 'no-glab') };
let sim: Simulator;
let hostile: HostileServer;

beforeAll(async () => {
  sim = await startSimulator({ seed: 7, speed: 0, startTime: START });
  hostile = await startHostile();
  // A GitLab that accepts the connection and never answers.
  hostile.mount('/', () => undefined);
});
afterAll(async () => {
  await hostile.close();
  await sim.close();
});

/** Resolves with the exit code, or null when the app is still running after `ms`. */
function exitedWithin(s: Screen, ms: number): Promise<number | null> {
  return Promise.race([s.exited(), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
}

it('a stalled GitLab: the first frame appears, and q quits at once', async () => {
  const screen = spawn(['--host', hostile.url, '--project', 'acme/api'], { env: { ...noGlab, GITLAB_TOKEN: 'glpat-stalled' } });
  await screen.waitFor('Looking up project acme/api', 20_000);
  screen.write('q');
  // The client's timeout is 30 s: an app that ignored q, or waited for its requests, is still running.
  expect(await exitedWithin(screen, 10_000)).toBe(0);
});

it('an unknown --project says "project … not found" in its pane', async () => {
  const screen = spawn(['--host', sim.url, '--project', 'acme/nope'], { env: { ...noGlab, GITLAB_TOKEN: DEMO_TOKENS.user } });
  await screen.waitFor(/Project acme\/nope not found/, 20_000);
  screen.write('\u001b');
  await screen.waitFor('acme/web', 20_000);
  screen.write('\u0003');
  expect(await screen.exited()).toBe(0);
});

// Env and glab config are the documented ways; --token (seen in `ps`) is not suggested.
it('a rejected token: the help names GITLAB_TOKEN, glab and --token-file, not --token', async () => {
  const screen = spawn(['--host', sim.url], { env: { ...noGlab, GITLAB_TOKEN: 'glpat-wrong' } });
  await screen.waitFor('GitLab rejected the token', 20_000);
  await screen.waitFor('Press q to quit', 20_000);
  const text = screen.text().replace(/\s+/g, ' ');
  expect(text).toContain('The token came from GITLAB_TOKEN');
  expect(text).toMatch(/in GITLAB_TOKEN, with `glab auth login`, or in a private file given with --token-file PATH/);
  expect(text).not.toContain('--token TOKEN');
  screen.write('q');
  expect(await screen.exited()).toBe(0);
});
