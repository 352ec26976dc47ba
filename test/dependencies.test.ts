// Every runtime dependency must be imported by the app or its build: an unused one still costs
// every `npm install` and every audit. ink-spinner turns in the header while GitLab is awaited;
// ink-text-input is the prompts' field and ink-select-input the Tab-completion menu, fed their keys
// by the controller (src/input/ink-feed.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string, tests = false): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && (tests || !/\.test\.tsx?$/.test(f)))
    .map((f) => readFileSync(join(root, dir, f), 'utf8'));
}

function imports(text: string, name: string): boolean {
  const quoted = `['"]${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"]*)?['"]`;
  return new RegExp(`(from\\s+|import\\s*\\(\\s*|import\\s+)${quoted}`).test(text);
}

describe('package.json dependencies', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const names = Object.keys(pkg.dependencies);
  const code = [...sources('src'), ...sources('scripts')];

  it('are each imported by src/ or scripts/', () => {
    const unused = names.filter((n) => !code.some((t) => imports(t, n)));
    expect(unused).toEqual([]);
  });

  it('devDependencies are each imported by the code, its tests, benchmarks or configs, or run by an npm script', () => {
    const all = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; scripts: Record<string, string> };
    const configs = readdirSync(root)
      .filter((f) => /\.(js|ts|mjs)$/.test(f))
      .map((f) => readFileSync(join(root, f), 'utf8'));
    const everything = [...sources('src', true), ...sources('scripts'), ...sources('test', true), ...sources('bench'), ...sources('eslint'), ...configs];
    // An npm script runs a package's command: the package of each command the scripts name.
    const commands: Record<string, string> = { tsc: 'typescript' };
    const run = Object.values(all.scripts).flatMap((s) => s.split(/\s*(?:&&|\|\|)\s*/).map((c) => c.split(' ')[0]!));
    const unused = Object.keys(all.devDependencies).filter(
      (n) => !n.startsWith('@types/') && !everything.some((t) => imports(t, n)) && !run.some((c) => (commands[c] ?? c) === n),
    );
    expect(unused).toEqual([]);
  });

  it('lists the design card input components, and the app imports them', () => {
    for (const name of ['ink-text-input', 'ink-select-input']) {
      expect(names).toContain(name);
      expect(code.some((t) => imports(t, name))).toBe(true);
    }
  });
});
