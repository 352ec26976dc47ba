// Every number of the command line has a stated range (src/lib/budgets.ts CLI_RANGES); outside it
// pipetop exits 2 with a message naming the range. `watch --interval 3000000` was accepted, and
// Node clamped the 3·10⁹ ms timer to 1 ms: about 1,900 requests in 8 s.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/config/flags.js';
import { parseWatchArgs } from '../../src/config/watch-args.js';
import { CLI_RANGES, describeRange } from '../../src/lib/budgets.js';
import { BUNDLE, ensureBundle } from '../helpers/pty.js';

beforeAll(() => {
  ensureBundle();
});

/** The bundle as a user runs it, with no GitLab configured and no way to reach one. */
function run(args: string[]) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: '/nonexistent', PIPETOP_CONFIG: '/nonexistent/config.yml' };
  return spawnSync(process.execPath, [BUNDLE, ...args], { encoding: 'utf8', env, timeout: 20_000 });
}

describe('the bundle refuses numbers out of range with exit 2, naming the range', () => {
  it.each([
    [['watch', '--demo', '--interval', '3000000'], '--interval must be a number of seconds between 0.5 and 3600, got "3000000"'],
    [['watch', '--demo', '--interval', '0.1'], '--interval must be a number of seconds between 0.5 and 3600, got "0.1"'],
    [['watch', '--demo', '--interval', 'soon'], '--interval must be a number of seconds between 0.5 and 3600, got "soon"'],
    [['watch', '--demo', '--give-up', '1e9'], '--give-up must be a number of seconds between 0 and 86400, got "1e9"'],
    [['watch', '--demo', '--give-up=-1'], '--give-up must be a number of seconds between 0 and 86400, got "-1"'],
    [['watch', '--demo', '--seed=-3'], '--seed must be an integer between 0 and 4294967295, got "-3"'],
    [['--max-download', '2T'], '--max-download must be a size between 1M and 1T (like 500M or 8G), got "2T"'],
    [['--max-download', '10K'], '--max-download must be a size between 1M and 1T (like 500M or 8G), got "10K"'],
    [['--log-disk', '100K'], '--log-disk must be a size between 1M and 1T (like 500M or 8G), got "100K"'],
    [['--demo', '--speed', '1e6'], '--speed must be a number between 0 and 10000, got "1e6"'],
    [['--demo', '--seed', '99999999999'], '--seed must be an integer between 0 and 4294967295, got "99999999999"'],
  ])('%j', (args, message) => {
    const out = run(args);
    expect(out.stderr).toContain(message);
    expect(out.status).toBe(2);
  });

  it('the environment variables keep the same ranges', () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: '/nonexistent', PIPETOP_LOG_DISK: '5T' };
    const out = spawnSync(process.execPath, [BUNDLE, '--demo'], { encoding: 'utf8', env, timeout: 20_000 });
    expect(out.stderr).toContain('PIPETOP_LOG_DISK must be a size between 1M and 1T (like 500M or 8G), got "5T"');
    expect(out.status).toBe(2);
  });
});

describe('the parsers take the edges of each range', () => {
  it('watch: --interval 0.5 and 3600, --give-up 0 and 86400', () => {
    expect(parseWatchArgs(['--interval', '0.5', '--give-up', '0'])).toMatchObject({ ok: true, args: { intervalS: 0.5, giveUpS: 0 } });
    expect(parseWatchArgs(['--interval', '3600', '--give-up', '86400'])).toMatchObject({ ok: true, args: { intervalS: 3600, giveUpS: 86400 } });
    expect(parseWatchArgs(['--interval', '3600.5'])).toEqual({
      ok: false,
      message: '--interval must be a number of seconds between 0.5 and 3600, got "3600.5"',
    });
    expect(parseWatchArgs(['--interval', 'Infinity'])).toMatchObject({ ok: false });
    expect(parseWatchArgs(['--interval', ' '])).toMatchObject({ ok: false });
  });

  it('the TUI: sizes from 1M to 1T, --seed 0 to 2³²−1, --speed 0 to 10000', () => {
    expect(parseFlags(['--max-download', '1M', '--log-disk', '1T', '--seed', '0', '--speed', '0'])).toEqual({
      ok: true,
      flags: { demo: false, readOnly: false, help: false, version: false, maxDownload: 1024 ** 2, logDisk: 1024 ** 4, seed: 0, speed: 0 },
    });
    expect(parseFlags(['--seed', '4294967295', '--speed', '10000'])).toMatchObject({ ok: true, flags: { seed: 4294967295, speed: 10000 } });
    expect(parseFlags(['--seed', '4294967296'])).toMatchObject({ ok: false });
    expect(parseFlags(['--log-disk', '1023K'])).toMatchObject({ ok: false });
  });

  it('every range reads in words', () => {
    expect(describeRange(CLI_RANGES.interval)).toBe('a number of seconds between 0.5 and 3600');
    expect(describeRange(CLI_RANGES['log-disk'])).toBe('a size between 1M and 1T (like 500M or 8G)');
    expect(describeRange(CLI_RANGES.seed)).toBe('an integer between 0 and 4294967295');
  });
});
