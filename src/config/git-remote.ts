// Finds the GitLab project of the working directory from its git remotes, the way glab does, so
// `pipetop` inside a checkout opens that project with no flags.
import { execFile } from 'node:child_process';
import type { GitRunner } from './types.js';

/** glab's order: a fork's `upstream` is the project whose pipelines matter, then `gitlab`, then `origin`. */
export const REMOTE_ORDER = ['upstream', 'gitlab', 'origin'] as const;

export interface RemoteUrl {
  /** Lower-case host name, no port, no user. */
  hostname: string;
  /** Project path as in the URL, e.g. group/sub/project (no leading slash, no .git). */
  path: string;
}

export interface Remote extends RemoteUrl {
  name: string;
}

/**
 * Accepts `git@host:group/proj.git` (scp-like), `ssh://git@host[:port]/group/proj.git` and
 * `https://[user[:token]@]host/group/proj(.git)`; null for anything else (local paths, bundles).
 */
export function parseRemoteUrl(raw: string): RemoteUrl | null {
  const value = raw.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (!['ssh:', 'git+ssh:', 'ssh+git:', 'https:', 'http:', 'git:'].includes(url.protocol)) return null;
    return build(url.hostname, decodePath(url.pathname));
  }
  // scp-like syntax; git only treats it so when no slash comes before the first colon.
  const scp = /^(?:[^@/]+@)?([^:/]+):(.+)$/.exec(value);
  if (!scp) return null;
  return build(scp[1] ?? '', scp[2] ?? '');
}

function build(hostname: string, rawPath: string): RemoteUrl | null {
  const path = rawPath
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/\/+$/, '');
  // A GitLab project path always has a namespace: at least two segments, none empty.
  const segments = path.split('/');
  if (hostname === '' || segments.length < 2 || segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return { hostname: hostname.replace(/^\[|\]$/g, '').toLowerCase(), path };
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The remotes of REMOTE_ORDER that exist and parse, in that order. One `git remote -v` rather than a
 * `git remote get-url` per name: each git process costs start-up time, and both print URLs after
 * `url.<base>.insteadOf` rewriting.
 */
export async function readRemotes(git: GitRunner, cwd: string): Promise<Remote[]> {
  const fetchUrls = new Map<string, string>();
  for (const line of (await git(['remote', '-v'], cwd))?.split('\n') ?? []) {
    const m = /^(\S+)\t(.+) \(fetch\)$/.exec(line.trim());
    if (m && !fetchUrls.has(m[1]!)) fetchUrls.set(m[1]!, m[2]!);
  }
  const remotes: Remote[] = [];
  for (const name of REMOTE_ORDER) {
    const url = fetchUrls.get(name);
    const parsed = url ? parseRemoteUrl(url) : null;
    if (parsed) remotes.push({ name, ...parsed });
  }
  return remotes;
}

/**
 * The project path for a GitLab base URL: the first remote on the same host name. An https remote
 * of a GitLab under a relative URL root carries that root (example.com/gitlab/group/proj): drop it.
 */
export function projectFromRemotes(remotes: Remote[], baseUrl: string): Remote | undefined {
  const base = new URL(baseUrl);
  const hostname = base.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const prefix = base.pathname.replace(/^\/+|\/+$/g, '');
  for (const remote of remotes) {
    if (remote.hostname !== hostname) continue;
    if (prefix && remote.path.startsWith(`${prefix}/`)) {
      const rest = remote.path.slice(prefix.length + 1);
      if (rest.includes('/')) return { ...remote, path: rest };
    }
    return remote;
  }
  return undefined;
}

/** Runs git without a shell and with a short timeout: a hung credential helper must not stall startup. */
export const runGit: GitRunner = (args, cwd) =>
  new Promise((resolve) => {
    try {
      execFile('git', args, { cwd, timeout: 2000, windowsHide: true, encoding: 'utf8', maxBuffer: 64 * 1024 }, (error, stdout) => {
        resolve(error ? null : stdout.trim() || null);
      });
    } catch {
      resolve(null);
    }
  });

/**
 * The branch checked out in cwd (`pipetop watch` watches its newest pipeline), from one git process;
 * null on a detached HEAD or outside a checkout.
 */
export async function currentBranch(git: GitRunner, cwd: string): Promise<string | null> {
  const out = await git(['symbolic-ref', '--quiet', '--short', 'HEAD'], cwd);
  return out && !/\s/.test(out) ? out : null;
}
