// The simulator's modules import each other without a circle (world/build.ts once imported
// activity.ts and extras.ts, which imported build.ts back for newCommit): a circle makes load order
// matter, and a constant read before its module ran is undefined. Type-only imports do not count.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SIM = fileURLToPath(new URL('../../src/sim', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Each file's run-time imports of other simulator files. */
function graph(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of files(SIM)) {
    const text = readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+'(\.[^']+)'/gms)) {
      if (m[2]) continue;
      deps.push(resolve(dirname(file), m[3]!.replace(/\.js$/, '.ts')));
    }
    out.set(file, deps);
  }
  return out;
}

function cycles(g: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const d of g.get(n) ?? []) {
      if (state.get(d) === 'open') found.push([...stack.slice(stack.indexOf(d)), d].map((f) => relative(SIM, f)));
      else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of g.keys()) if (!state.has(n)) visit(n);
  return found;
}

describe('the simulator’s imports', () => {
  it('form no circle', () => {
    const g = graph();
    expect(g.size).toBeGreaterThan(30);
    expect(g.get(join(SIM, 'world/build.ts'))).toContain(join(SIM, 'world/activity.ts'));
    expect(cycles(g)).toEqual([]);
  });
});
