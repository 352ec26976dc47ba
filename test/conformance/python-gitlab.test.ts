// The simulator driven by python-gitlab (Debian's python3-gitlab), a GitLab client nobody on this
// project wrote: scripts/python-gitlab-check.py's 46 checks against a fresh simulator. Skipped, and
// said so, where python3-gitlab is not installed (it is a Debian package, not an npm one).
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/sim/index.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../../scripts/python-gitlab-check.py', import.meta.url));
const hasPythonGitlab = spawnSync(PYTHON, ['-c', 'import gitlab'], { stdio: 'ignore' }).status === 0;

function run(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(PYTHON, [SCRIPT, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!hasPythonGitlab)('python-gitlab against the simulator', () => {
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it('passes every check of scripts/python-gitlab-check.py (the world `pipetop sim` serves)', async () => {
    // As `pipetop sim` starts it: seed 42, the world moving in real time.
    sim = await startSimulator({ port: 0, seed: 42, speed: 1 });
    const { code, out } = await run(sim.url);
    expect(out).not.toMatch(/^FAIL/m);
    expect(out).toMatch(/^46 checks passed$/m);
    expect(code).toBe(0);
  }, 60_000);
});
