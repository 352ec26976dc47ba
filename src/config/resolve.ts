// Decides where pipetop's GitLab, token and project come from: flags, then the environment, then
// glab's config and the git remote of the working directory. Nothing here touches the network.
import * as nodeFs from 'node:fs/promises';
import { ciJob, firstEnv, HOST_ENV_VARS, TOKEN_ENV_VARS, type Found } from './env.js';
import { CLI_RANGES } from '../lib/budgets.js';
import { parseFlags, sizeInRange, type Flags } from './flags.js';
import { findGlabHost, glabConfigPath, glabHostByName, readGlabConfig, type GlabConfig } from './glab-config.js';
import { projectFromRemotes, readRemotes, runGit, type Remote } from './git-remote.js';
import { HELP_TEXT } from './help.js';
import { hostnameOf, normalizeHostUrl } from './host-url.js';
import { missingTokenMessage, severalGlabHostsMessage, usageError } from './messages.js';
import type { AppConfig, ConfigFs, ConfigInput, ConfigResult } from './types.js';

export const GITLAB_COM = 'https://gitlab.com';

export async function resolveConfig(input: ConfigInput): Promise<ConfigResult> {
  const parsed = parseFlags(input.argv);
  if (!parsed.ok) return { kind: 'error', message: usageError(parsed.message) };
  const { flags } = parsed;
  if (flags.help) return { kind: 'help', text: HELP_TEXT };
  if (flags.version) return { kind: 'version' };

  const warnings: string[] = [];
  let project: Found | undefined;
  if (flags.project !== undefined) {
    const checked = checkProject(flags.project);
    if (!checked.ok) return { kind: 'error', message: usageError(checked.message) };
    project = { value: checked.value, source: '--project' };
  }
  const maxDownload = sizeOf(flags.maxDownload, input.env, 'PIPETOP_MAX_DOWNLOAD', 'max-download');
  if (typeof maxDownload === 'string') return { kind: 'error', message: usageError(maxDownload) };
  const logDisk = sizeOf(flags.logDisk, input.env, 'PIPETOP_LOG_DISK', 'log-disk');
  if (typeof logDisk === 'string') return { kind: 'error', message: usageError(logDisk) };
  const withSizes = (config: AppConfig, bytes: number | undefined): AppConfig => {
    if (bytes !== undefined) config.maxDownload = bytes;
    if (logDisk !== undefined) config.logDisk = logDisk;
    return config;
  };
  if (flags.demo) return { kind: 'run', config: withSizes(demoConfig(flags, project), maxDownload), warnings: demoWarnings(flags) };

  const { env } = input;
  const fs = input.fs ?? nodeFs;
  const git = input.git ?? runGit;
  const ci = ciJob(env);

  let host: Found | undefined = flags.host !== undefined ? { value: flags.host, source: '--host' } : firstEnv(env, HOST_ENV_VARS);
  const fromFlags = await tokenFromFlags(flags, input, fs);
  if (typeof fromFlags === 'string') return { kind: 'error', message: usageError(fromFlags) };
  let token: Found | undefined = fromFlags ?? firstEnv(env, TOKEN_ENV_VARS);

  // glab's file is only needed for what flags and environment left open.
  const glabPath = glabConfigPath(env, input.home);
  const glabSource = `glab config (${tildify(glabPath, input.home)})`;
  const glab = host && token ? null : await readGlabConfig(fs, glabPath, (input.platform ?? process.platform) !== 'win32', warnings);

  let remotes: Remote[] | undefined;
  const getRemotes = async (): Promise<Remote[]> => (remotes ??= await readRemotes(git, input.cwd));

  if (!host) {
    const picked = await pickHost({ glab, glabSource, hasToken: token !== undefined, ci, getRemotes });
    if (picked === 'several' && glab) return { kind: 'error', message: severalGlabHostsMessage(glab, glabSource) };
    if (picked !== 'several') host = picked;
  }
  // Nothing configured anywhere: a first run opens the demo rather than an error.
  if (!host) return { kind: 'run', config: withSizes(demoConfig(flags, project), maxDownload), warnings };

  const normalized = normalizeHostUrl(host.value, host.source);
  if (!normalized.ok) return { kind: 'error', message: usageError(normalized.message) };
  const baseUrl = normalized.url;

  if (!token) {
    const entry = findGlabHost(glab, baseUrl);
    if (entry?.token) token = { value: entry.token, source: glabSource };
  }
  if (!token) {
    return { kind: 'error', message: missingTokenMessage({ baseUrl, hostSource: host.source, inCiJob: Boolean(env.CI_JOB_TOKEN), glab }) };
  }

  if (!project) {
    const remote = projectFromRemotes(await getRemotes(), baseUrl);
    if (remote) project = { value: remote.path, source: `git remote ${remote.name}` };
  }
  // CI_PROJECT_ID names a project on the CI server only; on any other GitLab it is a stranger's id.
  if (!project && ci?.projectId && sameHost(ci.serverUrl, baseUrl)) project = { value: ci.projectId, source: 'CI_PROJECT_ID' };

  if (flags.seed !== undefined || flags.speed !== undefined) warnings.push('--seed and --speed only apply to --demo; ignoring them');

  const config: AppConfig = { mode: 'gitlab', baseUrl, token: token.value, tokenSource: token.source, hostSource: host.source, readOnly: flags.readOnly };
  if (project) Object.assign(config, { project: project.value, projectSource: project.source });
  if (flags.debugLog !== undefined) config.debugLog = flags.debugLog;
  if (flags.token === '-') config.tokenFromStdin = true;
  return { kind: 'run', config: withSizes(config, maxDownload), warnings };
}

/**
 * --token TOKEN, --token - (standard input) or --token-file PATH (private: mode 600). The value is
 * trimmed; one word only, so a file holding something else is not sent as a token. A string is
 * the error; undefined means no flag gave one.
 */
async function tokenFromFlags(flags: Flags, input: ConfigInput, fs: ConfigFs): Promise<Found | string | undefined> {
  let text: string;
  let source: string;
  if (flags.token === '-') {
    if (input.stdinIsTTY !== false || !input.readStdin) {
      return '--token - reads the token from standard input, which is a terminal here: pipe it in (pass show gitlab | pipetop --token -) or use --token-file PATH';
    }
    source = 'standard input (--token -)';
    text = await input.readStdin();
  } else if (flags.token !== undefined) {
    source = '--token';
    text = flags.token;
  } else if (flags.tokenFile !== undefined) {
    const path = flags.tokenFile;
    source = `--token-file ${path}`;
    try {
      const { mode } = await fs.stat(path);
      if ((input.platform ?? process.platform) !== 'win32' && (mode & 0o077) !== 0) {
        return `${path} can be read by others (mode ${(mode & 0o777).toString(8)}); not using it — chmod 600 ${path}`;
      }
      text = await fs.readFile(path, 'utf8');
    } catch (error) {
      return `cannot read --token-file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    }
  } else {
    return undefined;
  }
  const value = text.trim();
  if (value === '') return `${source === '--token' ? '--token' : source} is empty`;
  if (/\s/.test(value)) return `${source} holds more than one word; it should hold only the token`;
  return { value, source };
}

/** The flag beats the environment variable (--max-download, PIPETOP_MAX_DOWNLOAD); a string is the error. */
function sizeOf(flag: number | undefined, env: NodeJS.ProcessEnv, variable: string, name: 'max-download' | 'log-disk'): number | string | undefined {
  if (flag !== undefined) return flag;
  const raw = env[variable]?.trim();
  if (!raw) return undefined;
  return sizeInRange(variable, raw, CLI_RANGES[name]);
}

interface PickHostContext {
  glab: GlabConfig | null;
  glabSource: string;
  hasToken: boolean;
  ci: ReturnType<typeof ciJob>;
  getRemotes: () => Promise<Remote[]>;
}

/**
 * The host when neither --host nor the environment named one. A token from flags or environment is
 * never sent to a host learnt from a git remote: only glab's own tokens follow the remote.
 */
async function pickHost(ctx: PickHostContext): Promise<Found | 'several' | undefined> {
  const { glab } = ctx;
  const loggedIn = glab?.hosts.filter((h) => h.token) ?? [];
  if (loggedIn.length > 0) {
    for (const remote of await ctx.getRemotes()) {
      const entry = loggedIn.find((h) => hostnameOf(h.baseUrl) === remote.hostname || h.name.toLowerCase() === remote.hostname);
      if (entry) return { value: entry.baseUrl, source: `git remote ${remote.name} (${ctx.glabSource})` };
    }
  }
  // glab writes `host: gitlab.com` by default, so that line alone does not mean the user chose it.
  if (glab?.defaultHost) {
    const entry = glabHostByName(glab, glab.defaultHost);
    if (entry?.token || ctx.hasToken) return { value: entry?.baseUrl ?? glab.defaultHost, source: ctx.glabSource };
  }
  if (ctx.ci) return { value: ctx.ci.serverUrl, source: 'CI_SERVER_URL' };
  if (ctx.hasToken) return { value: GITLAB_COM, source: 'default (a token is set, no host: gitlab.com)' };
  if (loggedIn.length > 1) return 'several';
  const only = loggedIn[0];
  return only ? { value: only.baseUrl, source: ctx.glabSource } : undefined;
}

function demoConfig(flags: Flags, project: Found | undefined): AppConfig {
  const config: AppConfig = { mode: 'demo', readOnly: flags.readOnly };
  if (flags.demo) config.demoAsked = true;
  if (project) Object.assign(config, { project: project.value, projectSource: project.source });
  if (flags.seed !== undefined) config.seed = flags.seed;
  if (flags.speed !== undefined) config.speed = flags.speed;
  if (flags.debugLog !== undefined) config.debugLog = flags.debugLog;
  return config;
}

function demoWarnings(flags: Flags): string[] {
  const ignored = [flags.host !== undefined && '--host', flags.token !== undefined && '--token', flags.tokenFile !== undefined && '--token-file'].filter(
    Boolean,
  );
  return ignored.length > 0 ? [`${ignored.join(' and ')} ignored with --demo`] : [];
}

/** A numeric id or a full path: GitLab cannot find a project by its bare name. */
function checkProject(raw: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw.trim().replace(/^\/+|\/+$/g, '');
  if (/^\d+$/.test(value)) return { ok: true, value };
  if (/:\/\//.test(value)) return { ok: false, message: `--project takes a path like group/project or an id, not a URL: "${raw}"` };
  const segments = value.split('/');
  if (segments.length < 2 || segments.some((s) => s.trim() === '')) {
    return { ok: false, message: `--project must be a full path like group/project (or a numeric id), got "${raw}"` };
  }
  return { ok: true, value };
}

function sameHost(a: string, b: string): boolean {
  const na = normalizeHostUrl(a, 'CI_SERVER_URL');
  return na.ok && hostnameOf(na.url) === hostnameOf(b);
}

function tildify(path: string, home: string): string {
  return home && path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}
