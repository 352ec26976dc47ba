// Reads glab's config.yml so people who already ran `glab auth login` need no extra setup. The file
// holds tokens, so it is trusted only while it is private (glab itself writes it with mode 600).
import { join } from 'node:path';
import { hostnameOf, normalizeHostUrl } from './host-url.js';
import { loadYaml } from './load-yaml.js';
import type { ConfigFs } from './types.js';

export interface GlabHost {
  /** The key under `hosts:` as glab wrote it (usually a bare host name). */
  name: string;
  /** Base URL built from api_protocol + (api_host or name). */
  baseUrl: string;
  /** Absent when the entry has no token (e.g. glab keeps it in the system keyring). */
  token?: string;
}

export interface GlabConfig {
  /** Where the file was found, shown as the source of a host or token. */
  path: string;
  /** Top-level `host:`; glab writes `gitlab.com` there by default, so it alone is no sign of intent. */
  defaultHost?: string;
  hosts: GlabHost[];
}

export function glabConfigPath(env: NodeJS.ProcessEnv, home: string): string {
  if (env.GLAB_CONFIG_DIR) return join(env.GLAB_CONFIG_DIR, 'config.yml');
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'glab-cli', 'config.yml');
  return join(home, '.config', 'glab-cli', 'config.yml');
}

/** A missing file is normal (null, no warning); an unsafe or broken one is a warning, never a crash. */
export async function readGlabConfig(fs: ConfigFs, path: string, checkPrivate: boolean, warnings: string[]): Promise<GlabConfig | null> {
  let text: string;
  try {
    const { mode } = await fs.stat(path);
    // glab writes it 600; a looser mode means its tokens may be exposed, so the file is not trusted.
    if (checkPrivate && (mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8);
      warnings.push(`${path} is readable by others (mode ${octal}); not reading tokens from it — chmod 600 it`);
      return null;
    }
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') warnings.push(`could not read ${path} (${(error as Error).message}); ignoring it`);
    return null;
  }
  let doc: unknown;
  try {
    // Not `const { parse } = await import('yaml')`: that is undefined in the bundle (load-yaml.ts).
    // The parser's messages and warnings quote the file (a token, for an alias or a tag on that
    // line): warnings are not printed, and an error says only where it is.
    doc = (await loadYaml()).parse(text, { logLevel: 'error' });
  } catch (error) {
    const where = /at line \d+, column \d+/.exec((error as Error).message)?.[0];
    warnings.push(`${path} is not valid YAML${where ? ` (${where})` : ''}; ignoring it`);
    return null;
  }
  return interpret(doc, path);
}

function interpret(doc: unknown, path: string): GlabConfig {
  const config: GlabConfig = { path, hosts: [] };
  if (!isRecord(doc)) return config;
  const top = stringOf(doc.host);
  if (top) config.defaultHost = top;
  if (!isRecord(doc.hosts)) return config;
  for (const [name, entry] of Object.entries(doc.hosts)) {
    if (!isRecord(entry)) continue;
    const protocol = stringOf(entry.api_protocol)?.toLowerCase() === 'http' ? 'http' : 'https';
    const apiHost = stringOf(entry.api_host) ?? name;
    const normalized = normalizeHostUrl(/:\/\//.test(apiHost) ? apiHost : `${protocol}://${apiHost}`, `${path} hosts.${name}`);
    if (!normalized.ok) continue;
    const host: GlabHost = { name, baseUrl: normalized.url };
    const token = stringOf(entry.token);
    if (token) host.token = token;
    config.hosts.push(host);
  }
  return config;
}

/** The entry for a base URL: glab keys hosts by host name, sometimes with a port, so try both. */
export function findGlabHost(config: GlabConfig | null, baseUrl: string): GlabHost | undefined {
  if (!config) return undefined;
  const url = new URL(baseUrl);
  const wanted = new Set([url.host.toLowerCase(), url.hostname.toLowerCase()]);
  return config.hosts.find((h) => wanted.has(h.name.toLowerCase()) || hostnameOf(h.baseUrl) === url.hostname.toLowerCase());
}

/** Looks up a host name given as glab's top-level `host:` (a bare name, or occasionally a URL). */
export function glabHostByName(config: GlabConfig, name: string): GlabHost | undefined {
  const normalized = normalizeHostUrl(name, 'glab host');
  if (!normalized.ok) return undefined;
  return findGlabHost(config, normalized.url);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}
