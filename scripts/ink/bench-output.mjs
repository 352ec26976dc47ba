#!/usr/bin/env node
// Ink's frame-to-text step (Output.get) alone, pristine and with each of pipetop's patches
// (patches/), on a 120×40 screen: what each change is worth, for docs/ink-upstream.md. The whole
// app's key-to-frame latency is bench/latency.mjs. Not a test; prints a table.
//   node scripts/ink/bench-output.mjs
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions } from '../bundle-options.mjs';
import { pristinePlugin } from './patches.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WIDTH = 120;
const HEIGHT = 40;

async function load(name, plugins) {
  const outfile = join(tmpdir(), `pipetop-bench-output-${name}-${process.pid}.mjs`);
  await build({
    ...bundleOptions,
    plugins,
    stdin: { contents: `export { default } from ${JSON.stringify(`${root}node_modules/ink/build/output.js`)};`, resolveDir: root, loader: 'js' },
    outfile,
  });
  try {
    return (await import(pathToFileURL(outfile).href)).default;
  } finally {
    rmSync(outfile, { force: true });
  }
}

const variants = {
  'Ink 6.8.0 as published': [pristinePlugin()],
  'ansi-tokenize patch only': [pristinePlugin(['ink'])],
  'Ink patch only': [pristinePlugin(['@alcalzone/ansi-tokenize'])],
  'both patches (shipped)': [],
};

const status = ['\x1b[32m✔ passed\x1b[39m', '\x1b[31m✖ failed\x1b[39m', '\x1b[34m◌ running\x1b[39m'];
const listRow = (i, selected) =>
  `${selected ? '\x1b[7m' : ''}${status[i % 3]}  #${100000 + i}  build:unit-${i}  \x1b[2m${i % 7}m ${i % 60}s\x1b[22m${selected ? '\x1b[27m' : ''}`;
const logLine = (n) => `\x1b[36m[${String(n).padStart(6, '0')}]\x1b[0m $ make test TARGET=unit-${n} — took ${n % 97} ms, ${'ok '.repeat(n % 9)}`;

/** ms per frame: `frames` frames of a 120×40 screen, each a new Output as Ink makes them. */
function time(Output, frames, rowsOf) {
  for (let f = 0; f < 50; f++) draw(Output, rowsOf(f));
  const t = performance.now();
  for (let f = 0; f < frames; f++) draw(Output, rowsOf(f));
  return (performance.now() - t) / frames;
}
function draw(Output, rows) {
  const out = new Output({ width: WIDTH, height: HEIGHT });
  for (let y = 0; y < rows.length; y++) out.write(0, y, rows[y], { transformers: [] });
  return out.get().output;
}

const scenarios = {
  // The selection moves down a list: two rows of forty change.
  'list: move': (f) => Array.from({ length: HEIGHT }, (_, y) => listRow(y, y === f % HEIGHT)),
  // A log paged forward: forty lines never drawn before, every frame.
  'log: page': (f) => Array.from({ length: HEIGHT }, (_, y) => logLine(f * HEIGHT + y)),
};

const table = {};
for (const [name, plugins] of Object.entries(variants)) {
  const Output = await load(name.replace(/\W+/g, '-'), plugins);
  table[name] = Object.fromEntries(Object.entries(scenarios).map(([s, rowsOf]) => [`${s} (ms/frame)`, time(Output, 400, rowsOf).toFixed(3)]));
}
console.table(table);
