import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../app/features.js';
import { commandIdsOf, defaultBindings } from '../store/keymap.js';
import { formatWarning, loadUserConfig, parseUserConfig, userConfigPath } from './user-config.js';
import { applyUserKeys } from './user-keys.js';

// The shipped table: the core's bindings and the features'.
const BINDINGS = defaultBindings(FEATURES);
// The ids a config may bind: the core's and every feature's, as src/tui.tsx gathers them.
const KNOWN_IDS = commandIdsOf(FEATURES);

const FILE = '/home/u/.config/pipetop/config.yml';
const parse = (text: string) => parseUserConfig(text, { file: FILE, commands: KNOWN_IDS });
const messages = (warnings: Parameters<typeof formatWarning>[0][]) => warnings.map(formatWarning);

describe('userConfigPath', () => {
  it('follows PIPETOP_CONFIG, then XDG_CONFIG_HOME, then ~/.config', () => {
    expect(userConfigPath({ PIPETOP_CONFIG: '/etc/p.yml', XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/etc/p.yml');
    expect(userConfigPath({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/pipetop/config.yml');
    expect(userConfigPath({ XDG_CONFIG_HOME: 'relative', HOME: '/h' })).toBe('/h/.config/pipetop/config.yml');
    expect(userConfigPath({ HOME: '/h' })).toBe('/h/.config/pipetop/config.yml');
  });
});

describe('parseUserConfig', () => {
  it('reads theme, keys and notifications', async () => {
    const { config, warnings } = await parse(
      [
        'theme: light',
        'keys:',
        '  job.retry: [R, ctrl+r]',
        '  nav.down: j',
        '  nav.tab1: 1',
        'notifications: { bell: true, desktop: false, title: true }',
        '',
      ].join('\n'),
    );
    expect(warnings).toEqual([]);
    expect(config.theme).toBe('light');
    expect(config.keys).toEqual({
      'job.retry': { keys: ['R', 'ctrl+r'], line: 3 },
      'nav.down': { keys: ['j'], line: 4 },
      'nav.tab1': { keys: ['1'], line: 5 },
    });
    expect(config.notifications).toEqual({ bell: true, desktop: false, title: true });
  });

  it('reads saved views, and leaves out what is wrong in one with a warning naming it', async () => {
    const text = [
      'views:',
      '  deploys:',
      '    projects: [acme/api, 42]',
      '    refs: main',
      '    statuses: [manual, failed, manual]',
      '  mine: { users: [alice], sources: [push] }',
      '  broken:',
      '    statuses: [red]',
      '    colour: blue',
      '  "bad name": { refs: [main] }',
      '',
    ].join('\n');
    const { config, warnings } = await parse(text);
    expect(config.views).toEqual([
      { name: 'deploys', projects: ['acme/api', '42'], refs: ['main'], statuses: ['manual', 'failed'] },
      { name: 'mine', users: ['alice'], sources: ['push'] },
      { name: 'broken' },
    ]);
    expect(messages(warnings)).toEqual([
      expect.stringMatching(/:8: views\.broken\.statuses: red: not a pipeline status \(.*\); ignored$/),
      expect.stringMatching(/:9: views\.broken\.colour: not a filter \(projects, refs, statuses, sources, users\); ignored$/),
      expect.stringMatching(/:10: views\.bad name: a view’s name is letters, digits, _ \. - \(up to 40\); ignored$/),
    ]);
    expect(messages((await parse('views: [a, b]\n')).warnings)).toEqual([expect.stringMatching(/:1: views: expected named views .*; no views$/)]);
  });

  it("reads the pulse's projects, and says what is wrong with a list that is not one", async () => {
    const { config, warnings } = await parse('pulse: [acme/api, acme/web, acme/api, 42]\n');
    expect(warnings).toEqual([]);
    expect(config.pulse).toEqual(['acme/api', 'acme/web', '42']);
    for (const text of ['pulse: acme/api\n', 'pulse: []\n', 'pulse: [acme/api, {a: 1}]\n']) {
      const r = await parse(text);
      expect(r.config.pulse).toBeUndefined();
      expect(messages(r.warnings)).toEqual([expect.stringMatching(/^.*:1: pulse: expected a list of projects .*; showing every project of yours$/)]);
    }
  });

  it('an empty file or a file of comments is the defaults, silently', async () => {
    for (const text of ['', '# nothing yet\n', '\n\n']) {
      const { config, warnings } = await parse(text);
      expect(warnings).toEqual([]);
      expect(config).toEqual({ theme: 'dark', keys: {}, notifications: { bell: true, desktop: true, title: true }, commands: [] });
    }
  });

  it('names the file, the line and the setting for each mistake, and keeps the defaults for it', async () => {
    const { config, warnings } = await parse(
      [
        'theme: solarized', //                 1
        'keys:', //                            2
        '  job.retyr: R', //                   3
        '  nav.down: ctrl+', //                4
        '  nav.up: [k, 42]', //                5
        '  app.help: []', //                   6
        '  app.refresh: F5', //                7
        'notifications: { bell: yes please }', // 8
        'colour: red', //                      9
      ].join('\n'),
    );
    expect(messages(warnings)).toEqual([
      `${FILE}:1: theme: expected one of dark, light, high-contrast, got "solarized"; using dark`,
      `${FILE}:3: keys.job.retyr: no such command (did you mean job.retry?); ignored`,
      `${FILE}:4: keys.nav.down: "ctrl+" is not a key (write e.g. R, ctrl+r, shift+tab, pagedown, space); using its default keys`,
      `${FILE}:5: keys.nav.up: 42 is not a key (write e.g. R, ctrl+r, shift+tab, pagedown, space); using its default keys`,
      `${FILE}:6: keys.app.help: no keys given (every command keeps at least one); using its default keys`,
      `${FILE}:8: notifications.bell: expected true or false, got "yes please"; using true`,
      `${FILE}:9: colour: not a setting (theme, keys, notifications, pulse, downloads, views, commands); ignored`,
    ]);
    expect(config.theme).toBe('dark');
    expect(config.keys).toEqual({ 'app.refresh': { keys: ['f5'], line: 7 } });
  });

  it("binds the features' own command ids, declared in their folders, and refuses an id no feature plugged in has", async () => {
    const text = ['keys:', '  job.retry: ctrl+t', '  log.follow: ctrl+o', '  greeter.greet: g'].join('\n');
    const { config, warnings } = await parse(text);
    expect(messages(warnings)).toEqual([`${FILE}:4: keys.greeter.greet: no such command; ignored`]);
    expect(config.keys).toEqual({ 'job.retry': { keys: ['ctrl+t'], line: 2 }, 'log.follow': { keys: ['ctrl+o'], line: 3 } });
    const { bindings, warnings: refused } = applyUserKeys(BINDINGS, config.keys, { file: FILE });
    expect(refused).toEqual([]);
    expect(bindings.filter((b) => b.command === 'job.retry').map((b) => b.keys.join())).toEqual(['ctrl+t']);
    expect(bindings.filter((b) => b.command === 'log.follow').map((b) => b.keys.join())).toEqual(['ctrl+o']);
    // The ids come from the features plugged in: without the log feature, its ids are unknown.
    const noLog = await parseUserConfig(text, { file: FILE, commands: commandIdsOf(FEATURES.filter((f) => f.name !== 'log')) });
    expect(messages(noLog.warnings)).toEqual([
      `${FILE}:3: keys.log.follow: no such command; ignored`,
      `${FILE}:4: keys.greeter.greet: no such command; ignored`,
    ]);
    expect(Object.keys(noLog.config.keys)).toEqual(['job.retry']);
  });

  it('refuses invisible characters as keys, naming them by code point', async () => {
    const { config, warnings } = await parse(['keys:', '  job.retry: "\u202e"', '  job.play: "\u00ad"', '  app.help: "h"'].join('\n'));
    expect(messages(warnings)).toEqual([
      `${FILE}:2: keys.job.retry: "U+202E" is not a key (write e.g. R, ctrl+r, shift+tab, pagedown, space); using its default keys`,
      `${FILE}:3: keys.job.play: "U+00AD" is not a key (write e.g. R, ctrl+r, shift+tab, pagedown, space); using its default keys`,
    ]);
    expect(config.keys).toEqual({ 'app.help': { keys: ['h'], line: 4 } });
  });

  it('broken YAML is one warning with its line, and the defaults', async () => {
    const { config, warnings } = await parse('theme: light\nkeys:\n  nav.down: [j\n');
    expect(warnings).toHaveLength(1);
    expect(formatWarning(warnings[0]!)).toMatch(new RegExp(`^${FILE}:\\d+: not valid YAML \\(.+\\); using the defaults$`));
    expect(warnings[0]!.line).toBeGreaterThanOrEqual(3);
    expect(config.theme).toBe('dark');
  });

  it('a duplicated setting is refused rather than silently taking one of them', async () => {
    const { warnings } = await parse('theme: light\ntheme: dark\n');
    expect(messages(warnings)).toEqual([expect.stringMatching(new RegExp(`^${FILE}:2: not valid YAML`))]);
  });

  it('settings that are not a map, and a list where a map belongs', async () => {
    expect(messages((await parse('- a\n- b\n')).warnings)).toEqual([
      `${FILE}:1: expected settings (theme:, keys:, notifications:, pulse:, downloads:, views:, commands:); using the defaults`,
    ]);
    expect(messages((await parse('keys: [j, k]\n')).warnings)).toEqual([
      `${FILE}:1: keys: expected command: key pairs, got a list or map; using the default keys`,
    ]);
  });

  it('keeps control characters out of messages', async () => {
    const { warnings } = await parse('theme: "\\e[31mred"\n');
    expect(formatWarning(warnings[0]!)).not.toMatch(/\x1b/);
  });
});

describe('loadUserConfig', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pipetop-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('no file: the defaults without a word; a PIPETOP_CONFIG that does not exist: a warning', async () => {
    const quiet = await loadUserConfig({ env: { HOME: dir }, commands: KNOWN_IDS });
    expect(quiet.warnings).toEqual([]);
    expect(quiet.path).toBe(join(dir, '.config/pipetop/config.yml'));
    const named = await loadUserConfig({ env: { PIPETOP_CONFIG: join(dir, 'missing.yml') }, commands: KNOWN_IDS });
    expect(messages(named.warnings)).toEqual([expect.stringMatching(/missing\.yml: could not read it \(.*ENOENT.*\); using the defaults$/)]);
  });

  it('reads the file PIPETOP_CONFIG names', async () => {
    const path = join(dir, 'mine.yml');
    writeFileSync(path, 'theme: high-contrast\n');
    const { config, warnings } = await loadUserConfig({ env: { PIPETOP_CONFIG: path, HOME: '/nowhere' }, commands: KNOWN_IDS });
    expect(warnings).toEqual([]);
    expect(config.theme).toBe('high-contrast');
  });

  it('a directory in place of the file is a warning, not a crash', async () => {
    const { warnings } = await loadUserConfig({ env: { PIPETOP_CONFIG: dir }, commands: KNOWN_IDS });
    expect(messages(warnings)).toEqual([expect.stringContaining('could not read it (not a regular file)')]);
  });
});

describe('applyUserKeys', () => {
  const table = [
    { command: 'nav.down', keys: ['j', 'down'], scopes: ['global'] },
    { command: 'app.refresh', keys: ['R'], scopes: ['global'] },
    { command: 'pipeline.retry', keys: ['r'], scopes: ['pipelines'] },
    { command: 'job.retry', keys: ['r'], scopes: ['pipeline', 'jobs', 'job'] },
    { command: 'log.follow', keys: ['f'], scopes: ['job'] },
    { command: 'schedules.scope', keys: ['f'], scopes: ['schedules'] },
  ];
  const apply = (user: Record<string, { keys: string[]; line?: number }>) => applyUserKeys(table, user, { file: FILE });

  it('replaces the keys of the commands set, and leaves the table passed in unchanged', () => {
    const before = structuredClone(table);
    const { bindings, warnings } = apply({ 'nav.down': { keys: ['n', 'down'] } });
    expect(warnings).toEqual([]);
    expect(bindings[0]!.keys).toEqual(['n', 'down']);
    expect(bindings.slice(1)).toEqual(table.slice(1));
    expect(table).toEqual(before);
  });

  it('refuses a key another command has where both apply, and says which', () => {
    const { bindings, warnings } = apply({ 'app.refresh': { keys: ['r', 'F'], line: 7 } });
    expect(bindings[1]!.keys).toEqual(['F']);
    expect(messages(warnings)).toEqual([`${FILE}:7: keys.app.refresh: 'r' is already pipeline.retry (global/pipelines); not bound to app.refresh`]);
  });

  it('allows the same key for commands that never apply together', () => {
    const { bindings, warnings } = apply({ 'log.follow': { keys: ['F'] }, 'schedules.scope': { keys: ['F'] } });
    expect(warnings).toEqual([]);
    expect(bindings[4]!.keys).toEqual(['F']);
    expect(bindings[5]!.keys).toEqual(['F']);
  });

  it('two user settings on one key are both refused; a command left with no key keeps its defaults', () => {
    const { bindings, warnings } = apply({ 'nav.down': { keys: ['x'], line: 3 }, 'app.refresh': { keys: ['x'], line: 4 } });
    expect(bindings).toEqual(table);
    expect(messages(warnings)).toEqual([
      `${FILE}:3: keys.nav.down: 'x' is already app.refresh (global); not bound to nav.down`,
      `${FILE}:4: keys.app.refresh: 'x' is already nav.down (global); not bound to app.refresh`,
      `${FILE}:3: keys.nav.down: none of its keys could be bound; keeps its default keys (j, down)`,
      `${FILE}:4: keys.app.refresh: none of its keys could be bound; keeps its default keys (R)`,
    ]);
  });

  it('a swap of two keys is no conflict', () => {
    const { bindings, warnings } = apply({ 'nav.down': { keys: ['R'] }, 'app.refresh': { keys: ['j'] } });
    expect(warnings).toEqual([]);
    expect(bindings[0]!.keys).toEqual(['R']);
    expect(bindings[1]!.keys).toEqual(['j']);
  });

  it('the shipped table with no user keys is returned as it is (its own shadowing is by design)', () => {
    const { bindings, warnings } = applyUserKeys(BINDINGS, {}, { file: FILE });
    expect(warnings).toEqual([]);
    expect(bindings).toEqual(BINDINGS);
  });

  it('rebinding on the shipped table: job.retry to R collides with the global refresh', () => {
    const { bindings, warnings } = applyUserKeys(BINDINGS, { 'job.retry': { keys: ['R', 'ctrl+r', 'ctrl+t'], line: 3 } }, { file: FILE });
    expect(bindings.filter((b) => b.command === 'job.retry').map((b) => b.keys.join())).toEqual(['ctrl+t']);
    // ctrl+r is the pipeline's own "retry the pipeline" in the pipeline pane.
    expect(messages(warnings)).toEqual([
      `${FILE}:3: keys.job.retry: 'R' is already app.refresh (pipeline/global); not bound to job.retry`,
      `${FILE}:3: keys.job.retry: 'ctrl+r' is already pipeline.retry (pipeline); not bound to job.retry`,
    ]);
  });
});
