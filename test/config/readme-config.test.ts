// The config file example in README.md is a config pipetop takes without a single warning.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { parseUserConfig } from '../../src/config/user-config.js';
import { applyUserKeys } from '../../src/config/user-keys.js';
import { FEATURES } from '../../src/app/features.js';
import { commandIdsOf, defaultBindings, scopesOverlap } from '../../src/store/keymap.js';

it("README's config.yml example is valid and conflict-free", async () => {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const section = readme.slice(readme.indexOf('### Your keys, theme and notifications'));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
  const { config, warnings } = await parseUserConfig(yaml, { file: 'README.md', commands: commandIdsOf(FEATURES) });
  expect(warnings).toEqual([]);
  expect(config.theme).toBe('light');
  expect(config.downloads).toBe('~/ci-artifacts');
  const applied = applyUserKeys(defaultBindings(FEATURES), config.keys, { file: 'README.md', overlaps: scopesOverlap });
  expect(applied.warnings).toEqual([]);
  expect(applied.bindings.find((b) => b.command === 'app.help')!.keys).toEqual(['f1']);
});
