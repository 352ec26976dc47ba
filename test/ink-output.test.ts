// pipetop ships Ink and ansi-tokenize with its patches (patches/, applied to node_modules on install
// by scripts/ink/patches.mjs): Output.get reuses unchanged rows between frames
// (scripts/ink/output-get.ts), tokenize segments simple lines without Intl.Segmenter
// (scripts/ink/tokenize-segments.ts). Here Ink's output.js is built twice — as installed (patched),
// and pristine (every patched file reversed back to Ink's own text) — and both are fed the same
// random frames: every frame's text must be identical. The app tests load the same patched files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import fc from 'fast-check';
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, no types
import { bundleOptions } from '../scripts/bundle-options.mjs';
import { applyHunks, checkAll, generated, inspect, parsePatch, pristinePlugin, readPatches, transpile } from '../scripts/ink/patches.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const files: string[] = [];

interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: ((line: string, index: number) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
  caches: { styledChars: Map<string, unknown> };
}
type OutputClass = new (options: { width: number; height: number }) => OutputLike;
let Ink: OutputClass;
let Ours: OutputClass;

async function load(name: string, plugins: Plugin[]): Promise<OutputClass> {
  const outfile = join(tmpdir(), `pipetop-ink-output-${name}-${process.pid}.mjs`);
  files.push(outfile);
  await build({
    ...bundleOptions,
    plugins,
    stdin: { contents: `export { default } from ${JSON.stringify(`${root}node_modules/ink/build/output.js`)};`, resolveDir: root, loader: 'js' },
    outfile,
  });
  return (await import(pathToFileURL(outfile).href)).default as OutputClass;
}

beforeAll(async () => {
  Ink = await load('ink', [pristinePlugin()]);
  Ours = await load('ours', []);
}, 60_000);
afterAll(() => {
  for (const f of files) rmSync(f, { force: true });
});

// Text as Ink's nodes produce it: plain, SGR-styled (also compound, 256-colour, C1 CSI), links,
// wide (CJK, emoji), clusters (marks, ZWJ families, flags, skin tones, VS16), controls, lines.
const piece = fc.constantFrom(
  'a',
  'b',
  ' ',
  'job',
  '✔',
  '›',
  '│',
  '█',
  '漢',
  '字',
  '🚀',
  'e\u0301',
  '👨\u200d👩\u200d👧',
  '🇩🇪',
  '👍🏽',
  '❤\ufe0f',
  '\u1100\u1161',
  // Letters that join a neighbour though they are not marks: Thai and Lao AM (spacing marks), a
  // Malayalam letter that prepends.
  'ก',
  '\u0e33',
  '\u0eb3',
  '\u0d4e',
  '\x1b[31m',
  '\x1b[39m',
  '\x1b[1m',
  '\x1b[22m',
  '\x1b[7m',
  '\x1b[27m',
  '\x1b[1;38;5;196m',
  '\x1b[0m',
  '\x9b32m',
  '\x1b]8;;https://x.example\x07',
  '\x1b]8;;\x07',
  '\r',
  '\t',
  '\n',
);
const text = fc.array(piece, { minLength: 1, maxLength: 30 }).map((parts) => parts.join(''));
const transformers = [(line: string) => `\x1b[2m${line}\x1b[22m`, (line: string, index: number) => (index % 2 ? line.toUpperCase() : line)];
const op = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('write' as const),
      x: fc.integer({ min: -3, max: 30 }),
      y: fc.integer({ min: -2, max: 10 }),
      text,
      t: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('clip' as const),
      x1: fc.integer({ min: 0, max: 20 }),
      w: fc.integer({ min: 0, max: 20 }),
      y1: fc.integer({ min: 0, max: 8 }),
      h: fc.integer({ min: 0, max: 8 }),
      horizontal: fc.boolean(),
      vertical: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'unclip' as const }) },
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

function frame(Output: OutputClass, width: number, height: number, ops: Op[]): string {
  const out = new Output({ width, height });
  let depth = 0;
  for (const o of ops) {
    if (o.kind === 'write') out.write(o.x, o.y, o.text, { transformers: [transformers[0]!, transformers[1]!].slice(0, o.t % 3) });
    else if (o.kind === 'clip') {
      out.clip({ ...(o.horizontal ? { x1: o.x1, x2: o.x1 + o.w } : {}), ...(o.vertical ? { y1: o.y1, y2: o.y1 + o.h } : {}) });
      depth++;
    } else if (depth > 0) {
      out.unclip();
      depth--;
    }
  }
  return out.get().output;
}

it('renders every frame exactly as Ink does, frame after frame (rows reused across frames)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 30 }),
      fc.integer({ min: 1, max: 8 }),
      fc.array(fc.array(op, { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
      (width, height, frames) => {
        // Frames share rows (the same ops again, then with one op changed) so the row cache is hit.
        for (const ops of [...frames, frames[0]!, frames[0]!.slice(1)]) {
          expect(frame(Ours, width, height, ops)).toBe(frame(Ink, width, height, ops));
        }
      },
    ),
    { numRuns: 600 },
  );
});

it('gives the same frame for a list screen, then after the selection moves', () => {
  const rows = (selected: number) =>
    Array.from({ length: 8 }, (_, i) => ({
      kind: 'write' as const,
      x: 0,
      y: i,
      text: `${i === selected ? '\x1b[7m' : ''}✔ passed  #${1000 + i}  build:${i}${i === selected ? '\x1b[27m' : ''}`,
      t: 0,
    }));
  for (const selected of [0, 1, 2, 1]) expect(frame(Ours, 40, 8, rows(selected))).toBe(frame(Ink, 40, 8, rows(selected)));
});

describe('the patches', () => {
  it('are applied to node_modules, so vitest and the bundle load the same patched files', () => {
    expect(() => checkAll()).not.toThrow();
  });

  it('give the renderer the app tests use its frame-spanning caches; pristine Ink keeps one per frame', async () => {
    // The Output module Ink itself imports in this process (Node loads node_modules unbundled).
    const { default: Output } = (await import(pathToFileURL(join(root, 'node_modules/ink/build/output.js')).href)) as { default: OutputClass };
    const app = render(createElement(Text, null, 'a line drawn by ink-testing-library'));
    app.unmount();
    // The line Ink drew for the app is in the caches every new frame starts with.
    expect(new Output({ width: 1, height: 1 }).caches.styledChars.has('a line drawn by ink-testing-library')).toBe(true);
    expect(new Ours({ width: 1, height: 1 }).caches).toBe(new Ours({ width: 2, height: 2 }).caches);
    expect(new Ink({ width: 1, height: 1 }).caches).not.toBe(new Ink({ width: 2, height: 2 }).caches);
  });

  it('add exactly the JavaScript their TypeScript sources in scripts/ink/ compile to', async () => {
    const patches = readPatches();
    for (const g of generated) {
      const added = patches.flatMap((p) => p.files).find((f) => f.created && f.path === `node_modules/${g.name}/${g.file}`);
      expect(added, g.file).toBeDefined();
      expect(`${added!.hunks.flatMap((h) => h.new).join('\n')}\n`, `${g.source} changed: run npm run patches:make`).toBe(await transpile(g.source));
    }
  });
});

describe('the patch applier (scripts/ink/patches.mjs)', () => {
  const [file] = parsePatch(
    [
      'diff --git a/node_modules/x/a.js b/node_modules/x/a.js',
      '--- a/node_modules/x/a.js',
      '+++ b/node_modules/x/a.js',
      '@@ -2,3 +2,3 @@',
      ' two',
      '-three',
      '+THREE',
      ' four',
      '@@ -6,2 +6,3 @@',
      ' six',
      '+six and a half',
      ' seven',
      '\\ No newline at end of file',
      '',
    ].join('\n'),
  );
  const original = 'one\ntwo\nthree\nfour\nfive\nsix\nseven';
  const patched = 'one\ntwo\nTHREE\nfour\nfive\nsix\nsix and a half\nseven';

  it('refuses a patch made for another version of the package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pipetop-patches-'));
    try {
      writeFileSync(join(dir, 'ink+6.7.0.patch'), readFileSync(join(root, 'patches/ink+6.8.0.patch'), 'utf8'));
      const [patch] = readPatches(dir);
      expect(patch).toMatchObject({ name: 'ink', version: '6.7.0' });
      expect(inspect(patch!)).toEqual([{ path: 'node_modules/ink', state: 'is version 6.8.0, patches/ink+6.7.0.patch is for 6.7.0' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies hunks where the patch says, and reverses them', () => {
    expect(applyHunks(original, file!.hunks)).toBe(patched);
    expect(applyHunks(patched, file!.hunks, { reverse: true })).toBe(original);
  });

  it('refuses a file that differs from what the patch expects: no fuzz, no offset, final newline kept', () => {
    expect(applyHunks(original.replace('four', 'FOUR'), file!.hunks)).toBeNull();
    expect(applyHunks(`zero\n${original}`, file!.hunks)).toBeNull();
    expect(applyHunks(`${original}\n`, file!.hunks)).toBeNull();
    // Already patched: the forward patch does not apply twice.
    expect(applyHunks(patched, file!.hunks)).toBeNull();
  });
});
