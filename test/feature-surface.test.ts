// A feature's index.ts is its surface (eslint/boundaries.mjs lets nothing else reach inside): every
// name it exports is imported by something outside the feature, so the surface says what the rest
// of the app really uses of it, and nothing stays exported after its last user moved inside.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = join(ROOT, 'src/features');

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(path);
  }
  return out;
}

/** The names in `{ a, type B, c as d }`: what the importer calls them by in the exporter (a, B, c). */
function specifiers(list: string, side: 'exported' | 'imported'): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return (side === 'exported' ? (alias ?? name) : name)!.trim();
    });
}

/** Names each feature's index.ts exports (`export { … } from` and `export { … }`). */
function exportsOf(index: string): string[] {
  // A feature nothing outside uses has no index.ts: no surface at all.
  if (!existsSync(index)) return [];
  const text = readFileSync(index, 'utf8');
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) => specifiers(m[1]!, 'exported'));
}

/** For every file outside `featureDir`: the names it imports (or re-exports) from that feature's index. */
function usedFromOutside(featureDir: string, files: string[]): Set<string> {
  const index = join(featureDir, 'index.ts');
  const used = new Set<string>();
  for (const file of files) {
    if (file.startsWith(featureDir + '/')) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/g)) {
      const target = resolve(dirname(file), m[2]!).replace(/\.js$/, '.ts');
      if (target === index) for (const name of specifiers(m[1]!, 'imported')) used.add(name);
    }
  }
  return used;
}

describe('feature surfaces', () => {
  const files = [...walk(join(ROOT, 'src')), ...walk(join(ROOT, 'test')), ...walk(join(ROOT, 'bench'))];
  const features = readdirSync(FEATURES).filter((name) => statSync(join(FEATURES, name)).isDirectory());

  it('finds the features and what imports them', () => {
    expect(features).toEqual(expect.arrayContaining(['jobs', 'log', 'pipelines', 'projects', 'pulse']));
    expect(usedFromOutside(join(FEATURES, 'jobs'), files).has('targetJob')).toBe(true);
  });

  for (const feature of features) {
    it(`features/${feature}/index.ts exports only what is imported from outside it`, () => {
      const dir = join(FEATURES, feature);
      const used = usedFromOutside(dir, files);
      const unused = exportsOf(join(dir, 'index.ts')).filter((name) => !used.has(name));
      expect(unused, `${relative(ROOT, dir)}/index.ts exports names nothing outside the feature imports`).toEqual([]);
    });
  }
});
