import { describe, expect, it } from 'vitest';
import { resolveConfig } from './resolve.js';
import type { AppConfig, ConfigFs, ConfigResult } from './types.js';
import { HELP_TEXT } from './help.js';

const HOME = '/home/ada';
const GLAB = `${HOME}/.config/glab-cli/config.yml`;

interface Setup {
  argv?: string[];
  env?: NodeJS.ProcessEnv;
  files?: Record<string, { text: string; mode?: number }>;
  remotes?: Record<string, string>;
  platform?: NodeJS.Platform;
}

function fakeFs(files: Setup['files'] = {}): ConfigFs {
  const find = (path: string) => {
    const file = files[path];
    if (!file) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return file;
  };
  return {
    readFile: async (path) => find(path).text,
    stat: async (path) => ({ mode: 0o100000 | (find(path).mode ?? 0o600) }),
  };
}

async function resolve(setup: Setup = {}): Promise<ConfigResult & { gitCalls: number }> {
  let gitCalls = 0;
  const result = await resolveConfig({
    argv: setup.argv ?? [],
    env: setup.env ?? {},
    cwd: '/work/repo',
    home: HOME,
    fs: fakeFs(setup.files),
    git: async (args) => {
      gitCalls++;
      expect(args).toEqual(['remote', '-v']);
      const remotes = Object.entries(setup.remotes ?? {});
      return remotes.length ? remotes.map(([name, url]) => `${name}\t${url} (fetch)\n${name}\t${url} (push)`).join('\n') : null;
    },
    platform: setup.platform ?? 'linux',
  });
  return Object.assign(result, { gitCalls });
}

async function run(setup: Setup = {}): Promise<{ config: AppConfig; warnings: string[]; gitCalls: number }> {
  const result = await resolve(setup);
  if (result.kind !== 'run') throw new Error(`expected run, got ${JSON.stringify(result)}`);
  return result;
}

async function error(setup: Setup): Promise<string> {
  const result = await resolve(setup);
  if (result.kind !== 'error') throw new Error(`expected error, got ${JSON.stringify(result)}`);
  return result.message;
}

function glab(yaml: string, mode = 0o600, path = GLAB): Setup['files'] {
  return { [path]: { text: yaml, mode } };
}

const GLAB_EXAMPLE = `host: gitlab.com
hosts:
  gitlab.com:
    token: glpat-glab-com
    api_protocol: https
  gitlab.example.com:
    token: glpat-glab-example
    api_host: gitlab.example.com
    api_protocol: https
  gitlab.local:
    token: glpat-glab-local
    api_protocol: http
`;

describe('flags', () => {
  it.each([['--help'], ['-h']])('%s → help', async (flag) => {
    expect(await resolve({ argv: [flag] })).toMatchObject({ kind: 'help', text: HELP_TEXT });
  });

  it.each([['--version'], ['-v']])('%s → version', async (flag) => {
    expect((await resolve({ argv: [flag] })).kind).toBe('version');
  });

  it('help wins over other (even bad) values', async () => {
    expect((await resolve({ argv: ['--seed', 'x', '--help'] })).kind).toBe('help');
  });

  it('an unknown flag is named and points at --help', async () => {
    const message = await error({ argv: ['--tokne', 'x'] });
    expect(message).toContain('unknown option --tokne');
    expect(message).toContain('--help');
  });

  it('a positional argument is refused', async () => {
    expect(await error({ argv: ['acme/api'] })).toContain('unexpected argument "acme/api"');
  });

  it('a flag without its value is refused', async () => {
    expect(await error({ argv: ['--host'] })).toMatch(/--host/);
  });

  it.each([
    [['--seed', 'abc'], '--seed must be an integer between 0 and 4294967295, got "abc"'],
    [['--seed', '1.5'], '--seed must be an integer'],
    [['--speed', 'fast'], '--speed must be a number between 0 and 10000, got "fast"'],
    [['--speed=-1'], '--speed must be a number'],
    [['--project', 'api'], '--project must be a full path'],
    [['--project', 'https://gitlab.com/acme/api'], 'not a URL'],
    [['--token', ' ', '--host', 'h.example'], '--token is empty'],
  ])('%j is an error', async (argv, text) => {
    expect(await error({ argv })).toContain(text);
  });

  it('parses the demo options and --debug-log', async () => {
    const { config } = await run({ argv: ['--demo', '--seed', '7', '--speed', '60', '--read-only', '--debug-log', '/tmp/p.log'] });
    expect(config).toEqual({ mode: 'demo', demoAsked: true, readOnly: true, seed: 7, speed: 60, debugLog: '/tmp/p.log' });
  });
});

describe('mode', () => {
  it('nothing configured → demo, silently, without asking git', async () => {
    const result = await run();
    expect(result).toMatchObject({ config: { mode: 'demo', readOnly: false }, warnings: [], gitCalls: 0 });
    // Not asked for: `pipetop watch` refuses to watch the demo then (src/commands/watch.ts).
    expect(result.config.demoAsked).toBeUndefined();
  });

  it('--demo beats a configured GitLab and uses no git remote', async () => {
    const result = await run({
      argv: ['--demo'],
      env: { GITLAB_HOST: 'gitlab.example.com', GITLAB_TOKEN: 't' },
      remotes: { origin: 'git@gitlab.example.com:acme/api.git' },
    });
    expect(result.config).toEqual({ mode: 'demo', demoAsked: true, readOnly: false });
    expect(result.gitCalls).toBe(0);
    expect(result.warnings).toEqual([]);
  });

  it('--demo keeps --project and warns that --host/--token are ignored', async () => {
    const result = await run({ argv: ['--demo', '--project', 'acme/api', '--host', 'h.example', '--token', 't'] });
    expect(result.config).toMatchObject({ mode: 'demo', project: 'acme/api', projectSource: '--project' });
    expect(result.config.baseUrl).toBeUndefined();
    expect(result.config.token).toBeUndefined();
    expect(result.warnings).toEqual(['--host and --token ignored with --demo']);
  });

  it('a token but no host → https://gitlab.com', async () => {
    const { config } = await run({ env: { GITLAB_TOKEN: 'glpat-x' } });
    expect(config).toMatchObject({ mode: 'gitlab', baseUrl: 'https://gitlab.com', token: 'glpat-x', tokenSource: 'GITLAB_TOKEN' });
  });

  it('a host but no token → an error that says exactly what to set', async () => {
    const message = await error({ env: { GITLAB_HOST: 'gitlab.example.com' } });
    expect(message).toContain('pipetop needs a GitLab token for https://gitlab.example.com');
    expect(message).toContain('GITLAB_TOKEN');
    expect(message).toContain('glab auth login');
    expect(message).toContain('--token-file PATH');
    // The safe ways come first; --token (seen in `ps`) last, with the reason.
    expect(message.indexOf('GITLAB_TOKEN')).toBeLessThan(message.indexOf('--token-file'));
    expect(message.indexOf('glab auth login')).toBeLessThan(message.indexOf('--token-file'));
    expect(message.indexOf('--token-file')).toBeLessThan(message.indexOf('--token TOKEN'));
    expect(message).toMatch(/--token TOKEN works too, but shows in `ps`/);
    expect(message).toContain('read_api');
    expect(message).toContain('https://gitlab.example.com/-/user_settings/personal_access_tokens');
    expect(message).not.toContain('CI_JOB_TOKEN');
    expect(message.split('\n').length).toBeLessThan(24);
  });

  it('--seed/--speed outside demo mode are ignored with a warning', async () => {
    const result = await run({ argv: ['--seed', '3'], env: { GITLAB_TOKEN: 't' } });
    expect(result.config.seed).toBeUndefined();
    expect(result.warnings).toEqual(['--seed and --speed only apply to --demo; ignoring them']);
  });

  it('the token never appears in sources or warnings', async () => {
    const result = await run({ argv: ['--token', 'glpat-SECRET'], env: { GITLAB_HOST: 'h.example' } });
    const { token, ...rest } = result.config;
    expect(token).toBe('glpat-SECRET');
    expect(JSON.stringify([rest, result.warnings])).not.toContain('SECRET');
  });
});

describe('host', () => {
  it.each([
    [{ GITLAB_HOST: 'a.example' }, 'https://a.example', 'GITLAB_HOST'],
    [{ GITLAB_URI: 'https://b.example/' }, 'https://b.example', 'GITLAB_URI'],
    [{ GL_HOST: 'http://c.example:8080/api/v4' }, 'http://c.example:8080', 'GL_HOST'],
    [{ GITLAB_HOST: 'a.example', GITLAB_URI: 'b.example', GL_HOST: 'c.example' }, 'https://a.example', 'GITLAB_HOST'],
    [{ GITLAB_URI: 'b.example', GL_HOST: 'c.example' }, 'https://b.example', 'GITLAB_URI'],
    [{ GITLAB_HOST: '', GL_HOST: 'c.example' }, 'https://c.example', 'GL_HOST'],
  ])('env %o → %s', async (env, baseUrl, hostSource) => {
    const { config } = await run({ env: { ...env, GITLAB_TOKEN: 't' } });
    expect(config).toMatchObject({ baseUrl, hostSource });
  });

  it('--host beats the environment', async () => {
    const { config } = await run({ argv: ['--host', 'flag.example'], env: { GITLAB_HOST: 'env.example', GITLAB_TOKEN: 't' } });
    expect(config).toMatchObject({ baseUrl: 'https://flag.example', hostSource: '--host' });
  });

  it('the environment beats glab', async () => {
    const { config } = await run({ env: { GITLAB_HOST: 'env.example', GITLAB_TOKEN: 't' }, files: glab(GLAB_EXAMPLE) });
    expect(config).toMatchObject({ baseUrl: 'https://env.example', hostSource: 'GITLAB_HOST' });
  });

  it('a bad URL is an error naming the value and its source', async () => {
    const message = await error({ argv: ['--host', 'ftp://x.example'], env: { GITLAB_TOKEN: 't' } });
    expect(message).toContain('--host');
    expect(message).toContain('"ftp://x.example"');
  });
});

describe('token', () => {
  it.each([
    [{ GITLAB_TOKEN: 'a' }, 'a', 'GITLAB_TOKEN'],
    [{ GITLAB_ACCESS_TOKEN: 'b' }, 'b', 'GITLAB_ACCESS_TOKEN'],
    [{ OAUTH_TOKEN: 'c' }, 'c', 'OAUTH_TOKEN'],
    [{ GITLAB_TOKEN: 'a', GITLAB_ACCESS_TOKEN: 'b', OAUTH_TOKEN: 'c' }, 'a', 'GITLAB_TOKEN'],
    [{ GITLAB_ACCESS_TOKEN: 'b', OAUTH_TOKEN: 'c' }, 'b', 'GITLAB_ACCESS_TOKEN'],
  ])('env %o → %s', async (env, token, tokenSource) => {
    const { config } = await run({ env: { ...env, GITLAB_HOST: 'h.example' } });
    expect(config).toMatchObject({ token, tokenSource });
  });

  it('--token beats the environment', async () => {
    const { config } = await run({ argv: ['--token', 'flag'], env: { GITLAB_TOKEN: 'env', GITLAB_HOST: 'gitlab.com' } });
    expect(config).toMatchObject({ token: 'flag', tokenSource: '--token' });
  });

  it('the environment beats glab', async () => {
    const { config } = await run({ env: { GITLAB_TOKEN: 'env' }, files: glab(GLAB_EXAMPLE) });
    expect(config).toMatchObject({ baseUrl: 'https://gitlab.com', token: 'env', tokenSource: 'GITLAB_TOKEN' });
  });
});

describe('glab config', () => {
  const SOURCE = 'glab config (~/.config/glab-cli/config.yml)';

  it('gives the default host and its token', async () => {
    const { config, warnings } = await run({ files: glab(GLAB_EXAMPLE) });
    expect(config).toMatchObject({ baseUrl: 'https://gitlab.com', hostSource: SOURCE, token: 'glpat-glab-com', tokenSource: SOURCE });
    expect(warnings).toEqual([]);
  });

  it('gives the token of the host chosen elsewhere, matched by host name', async () => {
    const { config } = await run({ argv: ['--host', 'https://GitLab.Example.com/api/v4'], files: glab(GLAB_EXAMPLE) });
    expect(config).toMatchObject({ baseUrl: 'https://gitlab.example.com', hostSource: '--host', token: 'glpat-glab-example', tokenSource: SOURCE });
  });

  it('api_protocol http builds an http:// base URL', async () => {
    const { config } = await run({ files: glab('host: gitlab.local\nhosts:\n  gitlab.local:\n    token: t\n    api_protocol: http\n') });
    expect(config).toMatchObject({ baseUrl: 'http://gitlab.local', token: 't' });
  });

  it('a host with a port is matched', async () => {
    const { config } = await run({
      argv: ['--host', 'git.example:8443'],
      files: glab('hosts:\n  git.example:8443:\n    token: t-port\n'),
    });
    expect(config).toMatchObject({ baseUrl: 'https://git.example:8443', token: 't-port' });
  });

  it.each([
    [{ GLAB_CONFIG_DIR: '/etc/glab' }, '/etc/glab/config.yml'],
    [{ XDG_CONFIG_HOME: '/xdg' }, '/xdg/glab-cli/config.yml'],
    [{ GLAB_CONFIG_DIR: '/etc/glab', XDG_CONFIG_HOME: '/xdg' }, '/etc/glab/config.yml'],
  ])('is found through %o', async (env, path) => {
    const { config } = await run({ env, files: glab(GLAB_EXAMPLE, 0o600, path) });
    expect(config).toMatchObject({ token: 'glpat-glab-com', tokenSource: `glab config (${path})` });
  });

  it('mode 644 → ignored, with a warning', async () => {
    const result = await resolve({ env: { GITLAB_HOST: 'gitlab.com' }, files: glab(GLAB_EXAMPLE, 0o644) });
    expect(result.kind).toBe('error');
    const { warnings } = await run({ env: { GITLAB_TOKEN: 'env' }, files: glab(GLAB_EXAMPLE, 0o644) });
    expect(warnings).toEqual([`${GLAB} is readable by others (mode 644); not reading tokens from it — chmod 600 it`]);
  });

  it('mode 640 (group-readable) is not private either', async () => {
    const { warnings } = await run({ env: { GITLAB_TOKEN: 'env' }, files: glab(GLAB_EXAMPLE, 0o640) });
    expect(warnings[0]).toContain('(mode 640)');
  });

  it('on Windows the mode is not checked', async () => {
    const { config, warnings } = await run({ files: glab(GLAB_EXAMPLE, 0o666), platform: 'win32' });
    expect(config.token).toBe('glpat-glab-com');
    expect(warnings).toEqual([]);
  });

  it('malformed YAML → a warning, not a crash', async () => {
    const result = await run({ files: glab('hosts:\n  gitlab.com:\n    token: [unclosed\n') });
    expect(result.config.mode).toBe('demo');
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/config\.yml is not valid YAML .*; ignoring it/);
  });

  it.each(['', '42', '- a\n- b\n', 'hosts: [1, 2]\n', 'hosts:\n  gitlab.com: nope\n'])('odd but valid YAML %j is harmless', async (text) => {
    expect((await run({ files: glab(text) })).config.mode).toBe('demo');
  });

  it("glab's default `host: gitlab.com` without any token is not a configured host → demo", async () => {
    const result = await run({ files: glab('host: gitlab.com\nhosts:\n  gitlab.com:\n    api_protocol: https\n') });
    expect(result).toMatchObject({ config: { mode: 'demo' }, warnings: [] });
  });

  it('the only logged-in host is used when the default host has no token', async () => {
    const { config } = await run({ files: glab('host: gitlab.com\nhosts:\n  gitlab.example.com:\n    token: t-ex\n') });
    expect(config).toMatchObject({ baseUrl: 'https://gitlab.example.com', token: 't-ex' });
  });

  it('several logged-in hosts and no default with a token → ask which', async () => {
    const message = await error({ files: glab('hosts:\n  a.example:\n    token: ta\n  b.example:\n    token: tb\n') });
    expect(message).toContain('a.example, b.example');
    expect(message).toContain('--host');
  });

  it('a checkout whose remote is on a logged-in host picks that host over the default', async () => {
    const { config } = await run({ files: glab(GLAB_EXAMPLE), remotes: { origin: 'git@gitlab.example.com:acme/api.git' } });
    expect(config).toMatchObject({
      baseUrl: 'https://gitlab.example.com',
      hostSource: 'git remote origin (glab config (~/.config/glab-cli/config.yml))',
      token: 'glpat-glab-example',
      project: 'acme/api',
      projectSource: 'git remote origin',
    });
  });

  it('the missing-token error mentions the hosts glab is logged in to', async () => {
    const message = await error({ env: { GITLAB_HOST: 'other.example' }, files: glab('hosts:\n  gitlab.example.com:\n    token: t\n') });
    expect(message).toContain('glab is logged in to gitlab.example.com; to use it: --host gitlab.example.com');
  });
});

describe('project', () => {
  const env = { GITLAB_HOST: 'gitlab.example.com', GITLAB_TOKEN: 't' };

  it.each([
    'git@gitlab.example.com:acme/platform/api.git',
    'ssh://git@gitlab.example.com/acme/platform/api.git',
    'ssh://git@gitlab.example.com:2222/acme/platform/api.git',
    'https://gitlab.example.com/acme/platform/api.git',
    'https://gitlab.example.com/acme/platform/api',
  ])('from remote %s', async (url) => {
    const { config } = await run({ env, remotes: { origin: url } });
    expect(config).toMatchObject({ project: 'acme/platform/api', projectSource: 'git remote origin' });
  });

  it.each([
    [{ upstream: 'git@gitlab.example.com:up/p.git', gitlab: 'git@gitlab.example.com:gl/p.git', origin: 'git@gitlab.example.com:or/p.git' }, 'up/p', 'upstream'],
    [{ gitlab: 'git@gitlab.example.com:gl/p.git', origin: 'git@gitlab.example.com:or/p.git' }, 'gl/p', 'gitlab'],
    [{ upstream: 'git@github.com:up/p.git', origin: 'git@gitlab.example.com:or/p.git' }, 'or/p', 'origin'],
  ])('remote order upstream > gitlab > origin, same host only: %o', async (remotes, project, name) => {
    const { config } = await run({ env, remotes });
    expect(config).toMatchObject({ project, projectSource: `git remote ${name}` });
  });

  it('a remote on another host is ignored', async () => {
    const { config } = await run({ env, remotes: { origin: 'git@gitlab.com:acme/api.git' } });
    expect(config.project).toBeUndefined();
  });

  it('--project beats the remote', async () => {
    const { config } = await run({ argv: ['--project', '/acme/web/'], env, remotes: { origin: 'git@gitlab.example.com:acme/api.git' } });
    expect(config).toMatchObject({ project: 'acme/web', projectSource: '--project' });
  });

  it('--project accepts a numeric id', async () => {
    const { config } = await run({ argv: ['--project', '42'], env });
    expect(config).toMatchObject({ project: '42', projectSource: '--project' });
  });

  it('a token from the environment is never sent to a host learnt from a git remote', async () => {
    const { config } = await run({ env: { GITLAB_TOKEN: 't' }, remotes: { origin: 'git@evil.example:acme/api.git' } });
    expect(config.baseUrl).toBe('https://gitlab.com');
    expect(config.project).toBeUndefined();
  });
});

describe('inside a GitLab CI job', () => {
  const ci = { CI: 'true', GITLAB_CI: 'true', CI_SERVER_URL: 'https://gitlab.example.com', CI_JOB_TOKEN: 'glcbt-job', CI_PROJECT_ID: '77' };

  it('CI_JOB_TOKEN is not used as a token; the error explains why', async () => {
    const message = await error({ env: ci });
    expect(message).toContain('pipetop needs a GitLab token for https://gitlab.example.com (host from CI_SERVER_URL)');
    expect(message).toContain('CI_JOB_TOKEN is set, but a CI job token cannot read most of the API');
    expect(message).not.toContain('glcbt-job');
  });

  it('with GITLAB_TOKEN: CI_SERVER_URL and CI_PROJECT_ID are the fallbacks', async () => {
    const { config } = await run({ env: { ...ci, GITLAB_TOKEN: 'glpat-ci' } });
    expect(config).toMatchObject({
      baseUrl: 'https://gitlab.example.com',
      hostSource: 'CI_SERVER_URL',
      token: 'glpat-ci',
      project: '77',
      projectSource: 'CI_PROJECT_ID',
    });
  });

  it('the checkout remote beats CI_PROJECT_ID', async () => {
    const { config } = await run({
      env: { ...ci, GITLAB_TOKEN: 'glpat-ci' },
      remotes: { origin: 'https://gitlab-ci-token:glcbt-job@gitlab.example.com/acme/api.git' },
    });
    expect(config).toMatchObject({ project: 'acme/api', projectSource: 'git remote origin' });
  });

  it('CI_PROJECT_ID is not used for another GitLab', async () => {
    const { config } = await run({ env: { ...ci, GITLAB_HOST: 'gitlab.com', GITLAB_TOKEN: 'glpat-ci' } });
    expect(config.baseUrl).toBe('https://gitlab.com');
    expect(config.project).toBeUndefined();
  });
});
