import { describe, expect, it } from 'vitest';
import { FEATURES } from '../app/features.js';
import { commandIdsOf } from '../store/keymap.js';
import { downloadDir } from './downloads.js';
import { parseUserConfig } from './user-config.js';

describe('downloadDir', () => {
  const has =
    (...dirs: string[]) =>
    (path: string) =>
      dirs.includes(path);
  it('is ~/Downloads when it exists, else the directory pipetop was started from', () => {
    expect(downloadDir({ home: '/home/a', cwd: '/src/repo', isDirectory: has('/home/a/Downloads') })).toBe('/home/a/Downloads');
    expect(downloadDir({ home: '/home/a', cwd: '/src/repo', isDirectory: has() })).toBe('/src/repo');
    expect(downloadDir({ cwd: '/src/repo', isDirectory: has('/Downloads') })).toBe('/src/repo');
  });

  it('is the config file’s downloads: when set, ~ expanded, a relative one from the start directory', () => {
    const isDirectory = has('/home/a/Downloads');
    expect(downloadDir({ configured: '~/ci', home: '/home/a', cwd: '/src/repo', isDirectory })).toBe('/home/a/ci');
    expect(downloadDir({ configured: '~', home: '/home/a', cwd: '/src/repo', isDirectory })).toBe('/home/a');
    expect(downloadDir({ configured: '/tmp/x', home: '/home/a', cwd: '/src/repo', isDirectory })).toBe('/tmp/x');
    expect(downloadDir({ configured: 'out', home: '/home/a', cwd: '/src/repo', isDirectory })).toBe('/src/repo/out');
  });
});

describe('config downloads:', () => {
  it('takes a directory, and warns (keeping the default) on anything else', async () => {
    const ok = await parseUserConfig('downloads: ~/ci-artifacts\n', { file: 'c.yml', commands: commandIdsOf(FEATURES) });
    expect(ok.warnings).toEqual([]);
    expect(ok.config.downloads).toBe('~/ci-artifacts');
    const bad = await parseUserConfig('downloads: [a, b]\n', { file: 'c.yml', commands: commandIdsOf(FEATURES) });
    expect(bad.config.downloads).toBeUndefined();
    expect(bad.warnings[0]).toMatchObject({ key: 'downloads', line: 1 });
    expect(bad.warnings[0]!.message).toMatch(/expected a directory/);
  });
});
