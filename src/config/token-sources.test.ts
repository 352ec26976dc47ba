// --token-file, --token - and --max-download: where the token may come from besides --token and the
// environment, and what is refused.
import { describe, expect, it } from 'vitest';
import { parseSize } from './flags.js';
import { HELP_TEXT } from './help.js';
import { resolveConfig } from './resolve.js';
import type { ConfigInput, ConfigResult } from './types.js';
import { maskedCommandLine } from '../boot/hide-token.js';

function input(argv: string[], extra: Partial<ConfigInput> & { files?: Record<string, { text: string; mode: number }> } = {}): ConfigInput {
  const files = extra.files ?? {};
  const find = (path: string) => {
    const f = files[path];
    if (!f) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return f;
  };
  return {
    argv,
    env: { GITLAB_HOST: 'gitlab.example.com', ...extra.env },
    cwd: '/work/repo',
    home: '/home/ada',
    fs: { readFile: async (p) => find(p).text, stat: async (p) => ({ mode: 0o100000 | find(p).mode }) },
    git: async () => null,
    platform: extra.platform ?? 'linux',
    ...(extra.readStdin ? { readStdin: extra.readStdin } : {}),
    ...(extra.stdinIsTTY !== undefined ? { stdinIsTTY: extra.stdinIsTTY } : {}),
  };
}

async function ok(result: Promise<ConfigResult>) {
  const r = await result;
  if (r.kind !== 'run') throw new Error(`expected run, got ${JSON.stringify(r)}`);
  return r.config;
}
async function err(result: Promise<ConfigResult>): Promise<string> {
  const r = await result;
  if (r.kind !== 'error') throw new Error(`expected error, got ${JSON.stringify(r)}`);
  return r.message;
}

describe('--token-file', () => {
  it('reads a private file, trimmed; the source names the file, never the token', async () => {
    const config = await ok(resolveConfig(input(['--token-file', '/home/ada/tok'], { files: { '/home/ada/tok': { text: 'glpat-FILE\n', mode: 0o600 } } })));
    expect(config).toMatchObject({ token: 'glpat-FILE', tokenSource: '--token-file /home/ada/tok' });
  });

  it.each([0o644, 0o640, 0o604, 0o620])('refuses mode %o and says chmod 600', async (mode) => {
    const message = await err(resolveConfig(input(['--token-file', '/t'], { files: { '/t': { text: 'glpat-FILE', mode } } })));
    expect(message).toContain(`/t can be read by others (mode ${mode.toString(8)}); not using it — chmod 600 /t`);
    expect(message).not.toContain('glpat-FILE');
  });

  it('skips the mode check on Windows', async () => {
    expect((await ok(resolveConfig(input(['--token-file', '/t'], { platform: 'win32', files: { '/t': { text: 'x', mode: 0o666 } } })))).token).toBe('x');
  });

  it('a missing file, an empty one, or one with more than a token is an error', async () => {
    expect(await err(resolveConfig(input(['--token-file', '/nope'])))).toContain('cannot read --token-file /nope: ENOENT');
    expect(await err(resolveConfig(input(['--token-file', '/t'], { files: { '/t': { text: '  \n', mode: 0o600 } } })))).toContain('--token-file /t is empty');
    const several = await err(resolveConfig(input(['--token-file', '/t'], { files: { '/t': { text: 'glpat-A\nglpat-B\n', mode: 0o600 } } })));
    expect(several).toContain('--token-file /t holds more than one word');
    expect(several).not.toContain('glpat-A');
  });

  it('with --token is an error; it beats the environment', async () => {
    expect(await err(resolveConfig(input(['--token', 'a', '--token-file', '/t'])))).toContain('give --token or --token-file, not both');
    const config = await ok(resolveConfig(input(['--token-file', '/t'], { env: { GITLAB_TOKEN: 'env' }, files: { '/t': { text: 'file', mode: 0o400 } } })));
    expect(config.token).toBe('file');
  });
});

describe('--token -', () => {
  it('reads the token from standard input when it is not a terminal', async () => {
    const config = await ok(resolveConfig(input(['--token', '-'], { stdinIsTTY: false, readStdin: async () => 'glpat-STDIN\n' })));
    expect(config).toMatchObject({ token: 'glpat-STDIN', tokenSource: 'standard input (--token -)', tokenFromStdin: true });
  });

  it('is refused when standard input is a terminal (it would wait for typing with no prompt)', async () => {
    let read = false;
    const message = await err(resolveConfig(input(['--token', '-'], { stdinIsTTY: true, readStdin: async () => ((read = true), 'x') })));
    expect(message).toContain('--token - reads the token from standard input, which is a terminal here');
    expect(read).toBe(false);
  });

  it('empty input is an error', async () => {
    expect(await err(resolveConfig(input(['--token', '-'], { stdinIsTTY: false, readStdin: async () => '' })))).toContain(
      'standard input (--token -) is empty',
    );
  });
});

describe('--max-download', () => {
  it.each([
    ['1048576', 1048576],
    ['500K', 500 * 1024],
    ['500M', 500 * 1024 ** 2],
    ['8G', 8 * 1024 ** 3],
    ['1.5GiB', 1.5 * 1024 ** 3],
    ['2gb', 2 * 1024 ** 3],
  ])('%s → %d bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each(['', '0', '-1', 'lots', '5X', '1e9'])('%j is not a size', (text) => {
    expect(parseSize(text)).toBeNull();
  });

  it('reaches the config from the flag or PIPETOP_MAX_DOWNLOAD (flag first); a bad value is an error', async () => {
    const env = { GITLAB_TOKEN: 't' };
    expect((await ok(resolveConfig(input(['--max-download', '2G'], { env })))).maxDownload).toBe(2 * 1024 ** 3);
    expect((await ok(resolveConfig(input([], { env: { ...env, PIPETOP_MAX_DOWNLOAD: '100M' } })))).maxDownload).toBe(100 * 1024 ** 2);
    expect((await ok(resolveConfig(input(['--max-download', '1G'], { env: { ...env, PIPETOP_MAX_DOWNLOAD: '100M' } })))).maxDownload).toBe(1024 ** 3);
    expect((await ok(resolveConfig(input(['--demo', '--max-download', '1M'])))).maxDownload).toBe(1024 ** 2);
    expect(await err(resolveConfig(input(['--max-download', 'huge'], { env })))).toContain(
      '--max-download must be a size between 1M and 1T (like 500M or 8G), got "huge"',
    );
    expect(await err(resolveConfig(input([], { env: { ...env, PIPETOP_MAX_DOWNLOAD: 'x' } })))).toContain('PIPETOP_MAX_DOWNLOAD must be a size');
  });
});

describe('the process title', () => {
  it('masks every --token value, and leaves a command line without one alone', () => {
    expect(maskedCommandLine(['--host', 'h', '--token', 'glpat-SECRET', '--project', 'a/b'])).toBe('pipetop --host h --token *** --project a/b');
    expect(maskedCommandLine(['--token=glpat-SECRET'])).toBe('pipetop --token=***');
    expect(maskedCommandLine(['--token', '-'])).toBeNull();
    expect(maskedCommandLine(['--host', 'h'])).toBeNull();
  });
});

describe('--help', () => {
  it('names the safe ways and says what --token leaves visible', () => {
    expect(HELP_TEXT).toContain('--token-file PATH');
    expect(HELP_TEXT).toContain('--token -');
    expect(HELP_TEXT).toMatch(/overwrites it in\s+its process title/);
    expect(HELP_TEXT).toContain('/proc/<pid>/environ');
    expect(HELP_TEXT).toContain('--max-download SIZE');
  });
});

describe('a broken glab config never quotes its token', () => {
  const path = '/home/ada/.config/glab-cli/config.yml';
  it.each([
    ['an unresolved alias', 'hosts:\n  gitlab.example.com:\n    token: *glpat-SECRET\n'],
    ['an unknown tag', 'hosts:\n  gitlab.example.com:\n    token: !secret glpat-SECRET\n    x: [\n'],
    ['a nested mapping', 'hosts:\n  gitlab.example.com:\n    token: glpat-SECRET: x\n'],
  ])('%s: the warning says where, not what; nothing is printed', async (_what, text) => {
    const printed: string[] = [];
    const onWarning = (w: Error): void => void printed.push(`${w.message}`);
    process.on('warning', onWarning);
    try {
      const result = await resolveConfig(input([], { env: { GITLAB_HOST: '', GITLAB_TOKEN: 'env-token' }, files: { [path]: { text, mode: 0o600 } } }));
      const warnings = result.kind === 'run' ? result.warnings : [];
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/config\.yml is not valid YAML( \(at line \d+, column \d+\))?; ignoring it$/);
      expect(JSON.stringify(warnings)).not.toContain('glpat-SECRET');
      await new Promise((done) => setImmediate(done));
      expect(printed.join('\n')).not.toContain('glpat-SECRET');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
