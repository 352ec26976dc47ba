import { EventEmitter } from 'node:events';
import type { SpawnOptions } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openUrl, type SpawnFn } from './open-url.js';

interface Call {
  command: string;
  args: string[];
  options: SpawnOptions;
}

/** A spawn that records its call and then emits 'spawn' (or the given error) like Node does. */
function fakeSpawn(outcome: 'spawn' | NodeJS.ErrnoException | 'throw' | 'silent' = 'spawn') {
  const calls: Call[] = [];
  let unrefs = 0;
  const spawn: SpawnFn = (command, args, options) => {
    calls.push({ command, args, options });
    if (outcome === 'throw') throw new Error('EINVAL');
    const child = Object.assign(new EventEmitter(), { unref: () => void unrefs++ });
    if (outcome !== 'silent') process.nextTick(() => (outcome === 'spawn' ? child.emit('spawn') : child.emit('error', outcome)));
    return child;
  };
  return { spawn, calls, unrefs: () => unrefs };
}

const URL_ = 'https://gitlab.example.com/acme/api/-/pipelines/4512';

describe('openUrl command per platform', () => {
  it.each([
    ['linux', { DISPLAY: ':0' }, 'xdg-open', [URL_]],
    ['freebsd', {}, 'xdg-open', [URL_]],
    ['darwin', {}, 'open', [URL_]],
    ['win32', {}, 'cmd', ['/c', 'start', '""', URL_]],
  ] as const)('%s', async (platform, env, command, args) => {
    const fake = fakeSpawn();
    const result = await openUrl(URL_, { platform, env, spawn: fake.spawn });
    expect(result.opened).toBe(true);
    expect(result.message).toContain(URL_);
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.command).toBe(command);
    expect(fake.calls[0]?.args).toEqual(args);
    expect(fake.calls[0]?.options).toMatchObject({ detached: true, stdio: 'ignore' });
    expect(fake.calls[0]?.options.shell).toBeUndefined();
    expect(fake.unrefs()).toBe(1);
  });

  it('win32: cmd metacharacters in the URL are caret-escaped and passed verbatim', async () => {
    const fake = fakeSpawn();
    await openUrl('https://x.example/a?b=1&c=(2)', { platform: 'win32', env: {}, spawn: fake.spawn });
    expect(fake.calls[0]?.args).toEqual(['/c', 'start', '""', 'https://x.example/a?b=1^&c=^(2^)']);
    expect(fake.calls[0]?.options.windowsVerbatimArguments).toBe(true);
  });
});

describe('$BROWSER', () => {
  it('replaces %s', async () => {
    const fake = fakeSpawn();
    await openUrl(URL_, { platform: 'linux', env: { BROWSER: 'firefox --new-tab=%s' }, spawn: fake.spawn });
    expect(fake.calls[0]).toMatchObject({ command: 'firefox', args: [`--new-tab=${URL_}`] });
  });

  it('appends the URL after its own arguments when there is no %s', async () => {
    const fake = fakeSpawn();
    await openUrl(URL_, { platform: 'darwin', env: { BROWSER: '  /usr/bin/chromium   --incognito ' }, spawn: fake.spawn });
    expect(fake.calls[0]).toMatchObject({ command: '/usr/bin/chromium', args: ['--incognito', URL_] });
  });

  it('is used over SSH without a display too', async () => {
    const fake = fakeSpawn();
    const result = await openUrl(URL_, { platform: 'linux', env: { BROWSER: 'w3m', SSH_TTY: '/dev/pts/1' }, spawn: fake.spawn });
    expect(result.opened).toBe(true);
    expect(fake.calls[0]).toMatchObject({ command: 'w3m', args: [URL_] });
  });

  it('never goes through a shell: metacharacters stay literal arguments', async () => {
    const fake = fakeSpawn();
    await openUrl('https://x.example/a?b=$(rm)&c=`id`;d', { platform: 'linux', env: { BROWSER: 'echo' }, spawn: fake.spawn });
    expect(fake.calls[0]?.args).toEqual([new URL('https://x.example/a?b=$(rm)&c=`id`;d').href]);
    expect(fake.calls[0]?.options.shell).toBeUndefined();
  });
});

describe('openUrl refusals and failures', () => {
  it.each([[{ SSH_CONNECTION: '10.0.0.1 5000 10.0.0.2 22' }], [{ SSH_TTY: '/dev/pts/3' }]])(
    'over SSH on linux without a display it does not try: %o',
    async (env) => {
      const fake = fakeSpawn();
      const result = await openUrl(URL_, { platform: 'linux', env, spawn: fake.spawn });
      expect(result).toEqual({ opened: false, message: `Open this URL on your machine: ${URL_}` });
      expect(fake.calls).toHaveLength(0);
    },
  );

  it('over SSH with X forwarding it tries xdg-open', async () => {
    const fake = fakeSpawn();
    const result = await openUrl(URL_, { platform: 'linux', env: { SSH_TTY: '/dev/pts/3', DISPLAY: 'localhost:10.0' }, spawn: fake.spawn });
    expect(result.opened).toBe(true);
    expect(fake.calls[0]?.command).toBe('xdg-open');
  });

  it.each(['javascript:alert(1)', 'file:///etc/passwd', 'not a url', ''])('refuses %j', async (url) => {
    const fake = fakeSpawn();
    const result = await openUrl(url, { platform: 'linux', env: { DISPLAY: ':0' }, spawn: fake.spawn });
    expect(result.opened).toBe(false);
    expect(result.message).toMatch(/only http and https/);
    expect(fake.calls).toHaveLength(0);
  });

  it('a missing opener (ENOENT) resolves opened:false and shows the URL', async () => {
    const error = Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' });
    const fake = fakeSpawn(error);
    const result = await openUrl(URL_, { platform: 'linux', env: { DISPLAY: ':0' }, spawn: fake.spawn });
    expect(result.opened).toBe(false);
    expect(result.message).toBe(`Could not open a browser (xdg-open: not found). Open this URL: ${URL_}`);
  });

  it('a spawn that throws resolves opened:false', async () => {
    const result = await openUrl(URL_, { platform: 'darwin', env: {}, spawn: fakeSpawn('throw').spawn });
    expect(result.opened).toBe(false);
    expect(result.message).toContain('EINVAL');
  });

  it('a child that never reports resolves after the timeout', async () => {
    const result = await openUrl(URL_, { platform: 'darwin', env: {}, spawn: fakeSpawn('silent').spawn, timeoutMs: 10 });
    expect(result.opened).toBe(false);
    expect(result.message).toContain('did not start');
  });

  it.skipIf(process.platform === 'win32')('with the real spawn, a command that exists resolves opened:true', async () => {
    const result = await openUrl(URL_, { platform: 'linux', env: { BROWSER: 'true' } });
    expect(result).toEqual({ opened: true, message: `Opened in the browser: ${URL_}` });
  });

  it('with the real spawn, a missing command resolves opened:false', async () => {
    const result = await openUrl(URL_, { platform: 'linux', env: { BROWSER: 'pipetop-no-such-browser-xyz' } });
    expect(result).toMatchObject({ opened: false });
    expect(result.message).toContain('not found');
  });
});
