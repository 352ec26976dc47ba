// The shipped bundle as a user runs it: `pipetop sim` prints its URL and serves; --version matches
// package.json; bad flags get a clear message and exit code 2.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'undici';
import { beforeAll, expect, it } from 'vitest';
import { VERSION } from '../src/version.js';
import { BUNDLE, ensureBundle } from './helpers/pty.js';

const bundle = BUNDLE;

beforeAll(() => {
  // `npm install`/`npm ci` build it (prepare); build here too so the test stands on its own.
  ensureBundle();
});

it('serves the simulator and prints its URL', async () => {
  const child = spawn(process.execPath, [bundle, 'sim', '--port', '0', '--seed', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(m[0]);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before printing a URL: ${out}`)));
    });
    const res = await request(`${url}/api/v4/user`, { headers: { 'private-token': 'demo-user-token' } });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { username: string }).username).toBe('alice');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    child.kill('SIGKILL');
  }
});

it('prints the version of package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(VERSION).toBe(pkg.version);
  const out = spawnSync(process.execPath, [bundle, '--version'], { encoding: 'utf8' });
  expect(out.stdout.trim()).toBe(pkg.version);
});

it('rejects bad flags with a clear message and exit code 2', () => {
  const out = spawnSync(process.execPath, [bundle, 'sim', '--speed', 'fast'], { encoding: 'utf8' });
  expect(out.status).toBe(2);
  expect(out.stderr).toContain('--speed must be a number');
  const unknown = spawnSync(process.execPath, [bundle, 'sim', '--colour'], { encoding: 'utf8' });
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toMatch(/Unknown option '--colour'/);
});

it('--help says what opens without a project (the pulse) and where the config file is', () => {
  const run = spawnSync(process.execPath, [bundle, '--help'], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  const text = run.stdout.replace(/\s+/g, ' ');
  expect(text).toContain('With no project it opens the pulse');
  expect(text).not.toContain('list of your projects');
  expect(text).toContain('~/.config/pipetop/config.yml');
});
