// The user's own settings: ~/.config/pipetop/config.yml ($XDG_CONFIG_HOME/pipetop/config.yml, or the
// file $PIPETOP_CONFIG names). A mistake in it never stops pipetop: each problem becomes one warning
// naming the file, the line and the setting, and that setting keeps its default.
//
//   theme: light                 # dark | light | high-contrast (NO_COLOR still wins)
//   keys:
//     job.retry: [R, ctrl+r]     # command id → a key or a list of keys
//     nav.down: j
//   notifications: { bell: true, desktop: true, title: true }
//   pulse: [acme/api, acme/web]  # the pulse's projects (default: every project of yours)
//   downloads: ~/ci-artifacts    # where artifacts and logs are saved (default: ~/Downloads, else .)
//   views: { deploys: { refs: [main], statuses: [manual] } }   # saved views (src/config/views.ts)
//   commands: [...]              # the user's own commands (src/config/user-commands.ts)
import { promises as fs } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { parseKeySpec } from '../input/key.js';
import { loadYaml } from './load-yaml.js';
import { parseViews, type SavedView } from './views.js';
import { parseCommands, type CustomCommand } from './user-commands.js';
import type { ConfigWarning } from './config-warning.js';

export const THEME_NAMES = ['dark', 'light', 'high-contrast'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface Notifications {
  bell: boolean;
  desktop: boolean;
  title: boolean;
}

export interface UserKeys {
  /** Canonical key names (input/key.ts bindingName form), in the order written. */
  keys: string[];
  /** 1-based line of the setting in the file, for messages. */
  line?: number;
}

export interface UserConfig {
  theme: ThemeName;
  /** Command id → the keys the user binds it to (replacing its default keys). */
  keys: Record<string, UserKeys>;
  notifications: Notifications;
  /** The pulse's projects (paths or ids), when the file names them; absent: every project of the user's. */
  pulse?: string[];
  /** Where downloads go, as written (`~/` allowed); absent: src/config/downloads.ts decides. */
  downloads?: string;
  /** Saved views (`:view NAME`), in the file's order; absent when the file names none. */
  views?: SavedView[];
  /** The user's own commands (`commands:`, src/config/user-commands.ts), in the order written. */
  commands: CustomCommand[];
}

export type { ConfigWarning } from './config-warning.js';

export const DEFAULT_USER_CONFIG: UserConfig = {
  theme: 'dark',
  keys: {},
  // On: marking a pipeline (the TUI's `m`) is asking to be told; the file turns channels off.
  notifications: { bell: true, desktop: true, title: true },
  commands: [],
};

/** "~/.config/pipetop/config.yml:4: keys.job.retry: 'ctrl+' is not a key" */
export function formatWarning(w: ConfigWarning): string {
  return `${w.file}${w.line !== undefined ? `:${w.line}` : ''}: ${w.key ? `${w.key}: ` : ''}${w.message}`;
}

export function userConfigPath(env: Record<string, string | undefined>): string {
  if (env.PIPETOP_CONFIG) return env.PIPETOP_CONFIG;
  // The XDG spec: a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const xdg = env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(env.HOME || homedir(), '.config');
  return join(xdg, 'pipetop', 'config.yml');
}

/** Bigger than any hand-written config; a huge file is a mistake (or not a config at all). */
const MAX_BYTES = 256 * 1024;

export interface LoadOptions {
  env: Record<string, string | undefined>;
  /** Every command id there is (the core's and the features', store/keymap.ts commandIdsOf), to catch typos. */
  commands: readonly string[];
  readFile?: (path: string) => Promise<string>;
}

export async function loadUserConfig(opts: LoadOptions): Promise<{ config: UserConfig; warnings: ConfigWarning[]; path: string }> {
  const path = userConfigPath(opts.env);
  const read = opts.readFile ?? readSmallFile;
  let text: string;
  try {
    text = await read(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // No file is the usual case: the defaults, silently. Only a file named on purpose must exist.
    if ((code === 'ENOENT' || code === 'ENOTDIR') && !opts.env.PIPETOP_CONFIG) return { config: defaults(), warnings: [], path };
    return { config: defaults(), warnings: [{ file: path, message: `could not read it (${(error as Error).message}); using the defaults` }], path };
  }
  const { config, warnings } = await parseUserConfig(text, { file: path, commands: opts.commands });
  return { config, warnings, path };
}

async function readSmallFile(path: string): Promise<string> {
  const stat = await fs.stat(path);
  if (!stat.isFile()) throw Object.assign(new Error('not a regular file'), { code: 'EISDIR' });
  if (stat.size > MAX_BYTES) throw new Error(`${stat.size} bytes, more than ${MAX_BYTES}`);
  return fs.readFile(path, 'utf8');
}

function defaults(): UserConfig {
  return { theme: DEFAULT_USER_CONFIG.theme, keys: {}, notifications: { ...DEFAULT_USER_CONFIG.notifications }, commands: [] };
}

export async function parseUserConfig(
  text: string,
  opts: { file: string; commands: readonly string[] },
): Promise<{ config: UserConfig; warnings: ConfigWarning[] }> {
  const yaml = await loadYaml();
  const { file } = opts;
  const config = defaults();
  const warnings: ConfigWarning[] = [];
  const lineCounter = new yaml.LineCounter();
  const doc = yaml.parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineOf = (node: unknown): number | undefined => {
    const range = (node as { range?: [number, number, number] } | null)?.range;
    return range ? lineCounter.linePos(range[0]).line : undefined;
  };
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    const line = lineCounter.linePos(error.pos[0]).line;
    const message = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+.*$/, '');
    warnings.push({ file, line, message: `not valid YAML (${message}); using the defaults` });
    return { config, warnings };
  }
  const root = doc.contents;
  if (root === null || (yaml.isScalar(root) && (root.value === null || root.value === ''))) return { config, warnings };
  if (!yaml.isMap(root)) {
    warnings.push({
      file,
      line: lineOf(root),
      message: 'expected settings (theme:, keys:, notifications:, pulse:, downloads:, views:, commands:); using the defaults',
    });
    return { config, warnings };
  }
  for (const pair of root.items) {
    const name = yaml.isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    const line = lineOf(pair.key);
    const value = pair.value;
    if (name === 'theme') {
      const theme = yaml.isScalar(value) ? value.value : undefined;
      if (typeof theme === 'string' && (THEME_NAMES as readonly string[]).includes(theme)) config.theme = theme as ThemeName;
      else warnings.push({ file, line, key: 'theme', message: `expected one of ${THEME_NAMES.join(', ')}, got ${describe(value)}; using ${config.theme}` });
    } else if (name === 'keys') {
      if (!yaml.isMap(value)) {
        if (!(yaml.isScalar(value) && value.value === null))
          warnings.push({ file, line, key: 'keys', message: `expected command: key pairs, got ${describe(value)}; using the default keys` });
        continue;
      }
      for (const entry of value.items) {
        const command = yaml.isScalar(entry.key) ? String(entry.key.value) : String(entry.key);
        const at = lineOf(entry.key);
        const setting = `keys.${command}`;
        if (!opts.commands.includes(command)) {
          const near = closest(command, opts.commands);
          warnings.push({ file, line: at, key: setting, message: `no such command${near ? ` (did you mean ${near}?)` : ''}; ignored` });
          continue;
        }
        const specs = yaml.isSeq(entry.value) ? entry.value.items : [entry.value];
        if (specs.length === 0) {
          warnings.push({ file, line: at, key: setting, message: 'no keys given (every command keeps at least one); using its default keys' });
          continue;
        }
        const keys: string[] = [];
        let bad = false;
        for (const spec of specs) {
          const raw = yaml.isScalar(spec) ? spec.value : undefined;
          // YAML reads a bare 1 as a number: the key '1' is meant.
          const text = typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 9 ? String(raw) : raw;
          const key = typeof text === 'string' ? parseKeySpec(text) : null;
          if (key === null) {
            warnings.push({
              file,
              line: lineOf(spec) ?? at,
              key: setting,
              message: `${describe(spec)} is not a key (write e.g. R, ctrl+r, shift+tab, pagedown, space); using its default keys`,
            });
            bad = true;
            break;
          }
          if (!keys.includes(key)) keys.push(key);
        }
        if (!bad) config.keys[command] = { keys, ...(at !== undefined ? { line: at } : {}) };
      }
    } else if (name === 'notifications') {
      if (!yaml.isMap(value)) {
        warnings.push({ file, line, key: 'notifications', message: `expected { bell, desktop, title }, got ${describe(value)}; using the defaults` });
        continue;
      }
      for (const entry of value.items) {
        const field = yaml.isScalar(entry.key) ? String(entry.key.value) : String(entry.key);
        const setting = `notifications.${field}`;
        const flag = yaml.isScalar(entry.value) ? entry.value.value : undefined;
        if (field !== 'bell' && field !== 'desktop' && field !== 'title') {
          warnings.push({ file, line: lineOf(entry.key), key: setting, message: 'not a setting (bell, desktop, title); ignored' });
        } else if (typeof flag !== 'boolean') {
          warnings.push({
            file,
            line: lineOf(entry.key),
            key: setting,
            message: `expected true or false, got ${describe(entry.value)}; using ${config.notifications[field]}`,
          });
        } else {
          config.notifications[field] = flag;
        }
      }
    } else if (name === 'pulse') {
      const items = yaml.isSeq(value) ? value.items : null;
      const paths = items?.map((item) =>
        yaml.isScalar(item) && (typeof item.value === 'string' || typeof item.value === 'number') ? String(item.value).trim() : '',
      );
      if (!paths || paths.length === 0 || paths.some((p) => !p)) {
        warnings.push({
          file,
          line,
          key: 'pulse',
          message: `expected a list of projects (e.g. [acme/api, acme/web]), got ${describe(value)}; showing every project of yours`,
        });
      } else config.pulse = [...new Set(paths)];
    } else if (name === 'downloads') {
      const dir = yaml.isScalar(value) && typeof value.value === 'string' ? value.value.trim() : '';
      if (!dir || /[\x00-\x1f\x7f]/.test(dir)) {
        warnings.push({ file, line, key: 'downloads', message: `expected a directory (e.g. ~/Downloads), got ${describe(value)}; using the default` });
      } else config.downloads = dir;
    } else if (name === 'views') {
      const parsed = parseViews(yaml, value, lineOf);
      for (const w of parsed.warnings)
        warnings.push({ file, ...(w.line !== undefined ? { line: w.line } : line !== undefined ? { line } : {}), key: w.key, message: w.message });
      if (parsed.views.length) config.views = parsed.views;
    } else if (name === 'commands') {
      const parsed = parseCommands(yaml, value, { file, line, lineOf, describe });
      config.commands = parsed.commands;
      warnings.push(...parsed.warnings);
    } else {
      warnings.push({ file, line, key: name, message: 'not a setting (theme, keys, notifications, pulse, downloads, views, commands); ignored' });
    }
  }
  return { config, warnings };
}

/** A YAML node shown in a message: its source-ish text, short and without control characters. */
function describe(node: unknown): string {
  const value = node && typeof node === 'object' && 'value' in node ? (node as { value: unknown }).value : node;
  let text: string;
  if (value === null || value === undefined) text = 'nothing';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else if (node && typeof node === 'object' && 'items' in node) text = 'a list or map';
  else text = typeof value;
  text = text.replace(/[\x00-\x1f\x7f-\x9f]/g, '?');
  // Invisible characters (U+202E would reorder the message, U+00AD shows as nothing): by code point.
  text = text.replace(
    /[\p{Cf}\p{Co}\p{Cn}\p{M}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu,
    (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** The known command one typo away (same letters, one changed, added, dropped or swapped). */
function closest(name: string, commands: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const command of commands) {
    const d = distance(name.toLowerCase(), command.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = command;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
