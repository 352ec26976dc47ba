import { describe, expect, it } from 'vitest';
import { parseRemoteUrl, projectFromRemotes, readRemotes } from './git-remote.js';

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
  it('asks git for upstream, gitlab and origin and keeps that order', async () => {
    const asked: string[][] = [];
    const urls: Record<string, string> = { origin: 'git@h:me/fork.git', upstream: 'git@h:team/proj.git' };
    const remotes = await readRemotes(async (args, cwd) => {
      asked.push([...args, cwd]);
      return urls[args[2] ?? ''] ?? null;
    }, '/w');
    expect(asked).toEqual([
      ['remote', 'get-url', 'upstream', '/w'],
      ['remote', 'get-url', 'gitlab', '/w'],
      ['remote', 'get-url', 'origin', '/w'],
    ]);
    expect(remotes.map((r) => r.name)).toEqual(['upstream', 'origin']);
  });

  it('strips a relative URL root from https remotes', () => {
    const remotes = [{ name: 'origin', hostname: 'example.com', path: 'gitlab/group/proj' }];
    expect(projectFromRemotes(remotes, 'https://example.com/gitlab')?.path).toBe('group/proj');
  });
});
