import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRemoteUrl, projectFromRemotes, readRemotes, runGit } from './git-remote.js';

describe('parseRemoteUrl', () => {
  it.each([
    ['git@gitlab.example.com:group/sub/proj.git', 'gitlab.example.com', 'group/sub/proj'],
    ['git@gitlab.example.com:group/proj', 'gitlab.example.com', 'group/proj'],
    ['gitlab.example.com:group/proj.git', 'gitlab.example.com', 'group/proj'],
    ['ssh://git@gitlab.example.com/group/sub/proj.git', 'gitlab.example.com', 'group/sub/proj'],
    ['ssh://git@gitlab.example.com:2222/group/sub/proj.git', 'gitlab.example.com', 'group/sub/proj'],
    ['git+ssh://git@GitLab.Example.com/group/proj.git', 'gitlab.example.com', 'group/proj'],
    ['https://gitlab.example.com/group/sub/proj.git', 'gitlab.example.com', 'group/sub/proj'],
    ['https://gitlab.example.com/group/sub/proj', 'gitlab.example.com', 'group/sub/proj'],
    ['https://gitlab.example.com/group/proj/', 'gitlab.example.com', 'group/proj'],
    ['http://gitlab.local:8080/group/proj.git', 'gitlab.local', 'group/proj'],
    // CI checkouts carry the job token in the URL: it must not matter (and is never kept).
    ['https://gitlab-ci-token:glcbt-secret@gitlab.example.com/group/proj.git', 'gitlab.example.com', 'group/proj'],
  ])('%s', (url, hostname, path) => {
    expect(parseRemoteUrl(url)).toEqual({ hostname, path });
  });

  it.each(['/srv/git/proj.git', './proj', 'file:///srv/git/group/proj.git', 'git@gitlab.example.com:proj.git', 'https://gitlab.example.com/proj', ''])(
    'rejects %j',
    (url) => {
      expect(parseRemoteUrl(url)).toBeNull();
    },
  );
});

describe('remotes', () => {
  it('asks git once and orders upstream, gitlab, origin, ignoring other remotes and push URLs', async () => {
    const asked: string[][] = [];
    const listing = [
      'mirror\tgit@h:other/thing.git (fetch)',
      'origin\tgit@h:me/fork.git (fetch)',
      'origin\tgit@h:me/push-only.git (push)',
      'upstream\thttps://h/team/proj.git (fetch)',
      'upstream\thttps://h/team/proj.git (push)',
    ].join('\n');
    const remotes = await readRemotes(async (args, cwd) => {
      asked.push([...args, cwd]);
      return listing;
    }, '/w');
    expect(asked).toEqual([['remote', '-v', '/w']]);
    expect(remotes).toEqual([
      { name: 'upstream', hostname: 'h', path: 'team/proj' },
      { name: 'origin', hostname: 'h', path: 'me/fork' },
    ]);
  });

  it('reads a real repository, with insteadOf rewriting applied as git remote get-url would', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pipetop-git-'));
    try {
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
      git('init', '-q');
      git('config', 'url.git@gitlab.example.com:.insteadOf', 'gl:');
      git('remote', 'add', 'origin', 'gl:acme/api.git');
      git('remote', 'add', 'upstream', 'https://gitlab.example.com/acme/core.git');
      expect(await readRemotes(runGit, dir)).toEqual([
        { name: 'upstream', hostname: 'gitlab.example.com', path: 'acme/core' },
        { name: 'origin', hostname: 'gitlab.example.com', path: 'acme/api' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds nothing outside a repository (git fails)', async () => {
    expect(await readRemotes(async () => null, '/w')).toEqual([]);
  });

  it('strips a relative URL root from https remotes', () => {
    const remotes = [{ name: 'origin', hostname: 'example.com', path: 'gitlab/group/proj' }];
    expect(projectFromRemotes(remotes, 'https://example.com/gitlab')?.path).toBe('group/proj');
  });
});
