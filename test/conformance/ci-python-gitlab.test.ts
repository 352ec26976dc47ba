// .ci/run installs Debian's python3-gitlab when it is missing (scripts/ci-python-gitlab.sh), so the
// python-gitlab check beside this file runs on a fresh machine; where it cannot (no apt-get, not
// root), CI goes on and says why. Driven here with stand-ins for python3, id, apt-get and sudo on
// PATH: nothing is installed for real.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/ci-python-gitlab.sh', import.meta.url));
const CI = fileURLToPath(new URL('../../.ci/run', import.meta.url));
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in machine: `python3` imports gitlab once `installed` exists; apt-get logs its args and installs. */
function machine(opts: { uid: number; apt: boolean; sudo?: boolean; installs?: boolean }): { env: NodeJS.ProcessEnv; log: () => string } {
  dir = mkdtempSync(join(tmpdir(), 'pipetop-ci-'));
  const bin = join(dir, 'bin');
  const write = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  mkdirSync(bin);
  write('python3', `[ -e "${dir}/installed" ]`);
  write('id', `[ "$1" = "-un" ] && echo ci || echo ${opts.uid}`);
  if (opts.apt)
    write('apt-get', `echo "apt-get $*" >> "${dir}/log"; [ "$1" = install ] && ${opts.installs === false ? 'exit 100' : `: > "${dir}/installed"`}; exit 0`);
  if (opts.sudo !== undefined) write('sudo', opts.sudo ? `echo "sudo $*" >> "${dir}/log"; shift; "$@"` : 'exit 1');
  return {
    // Only the stand-ins on PATH: the machine's own apt-get must never run from here.
    env: { PATH: bin, PIPETOP_PYTHON: join(bin, 'python3'), HOME: dir },
    log: () => (existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : ''),
  };
}

const run = (env: NodeJS.ProcessEnv) => spawnSync('/bin/bash', [SCRIPT], { env, encoding: 'utf8' });

it('.ci/run runs it before the tests', () => {
  const ci = readFileSync(CI, 'utf8');
  expect(ci.indexOf('scripts/ci-python-gitlab.sh')).toBeGreaterThan(0);
  expect(ci.indexOf('scripts/ci-python-gitlab.sh')).toBeLessThan(ci.indexOf('npm test'));
});

it('as root with apt-get: installs python3-gitlab, so the check runs', () => {
  const m = machine({ uid: 0, apt: true });
  const r = run(m.env);
  expect(r.status).toBe(0);
  expect(m.log()).toContain('apt-get install -y --no-install-recommends python3-gitlab');
  expect(r.stdout).toContain('python3-gitlab: installed');
});

it('through password-less sudo when not root', () => {
  const m = machine({ uid: 1000, apt: true, sudo: true });
  const r = run(m.env);
  expect(r.status).toBe(0);
  expect(m.log()).toContain('sudo -n apt-get install -y --no-install-recommends python3-gitlab');
  expect(r.stdout).toContain('python3-gitlab: installed');
});

it('not root and no sudo, or no apt-get, or a failed install: CI goes on and says why', () => {
  const notRoot = machine({ uid: 1000, apt: true, sudo: false });
  const a = run(notRoot.env);
  expect(a.status).toBe(0);
  expect(a.stdout).toMatch(/installing needs root .*test\/conformance skips the python-gitlab check/);
  expect(notRoot.log()).not.toContain('install');
  rmSync(dir, { recursive: true, force: true });
  const noApt = machine({ uid: 0, apt: false });
  const b = run(noApt.env);
  expect(b.status).toBe(0);
  expect(b.stdout).toContain('no apt-get here to install it');
  rmSync(dir, { recursive: true, force: true });
  const fails = machine({ uid: 0, apt: true, installs: false });
  const c = run(fails.env);
  expect(c.status).toBe(0);
  // It tried once, updated the lists, tried again, then gave up without failing CI.
  expect(fails.log().split('\n').filter(Boolean)).toEqual([
    'apt-get install -y --no-install-recommends python3-gitlab',
    'apt-get update -qq',
    'apt-get install -y --no-install-recommends python3-gitlab',
  ]);
  expect(c.stdout).toContain('apt-get could not install it');
});

it('already installed: asks nothing', () => {
  const m = machine({ uid: 0, apt: true });
  writeFileSync(join(dir, 'installed'), '');
  const r = run(m.env);
  expect(r.status).toBe(0);
  expect(m.log()).toBe('');
  expect(r.stdout).toBe('');
});
