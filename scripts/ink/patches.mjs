#!/usr/bin/env node
// pipetop's patches to installed dependencies (patches/<name>+<version>.patch, the file names and
// unified-diff format patch-package uses), applied to node_modules by `npm ci`/`npm install`
// through the `prepare` script, and checked by every build (scripts/build.mjs).
//
//   node scripts/ink/patches.mjs apply   apply each patch; one already applied is left as is
//   node scripts/ink/patches.mjs check   fail unless every patch is applied (the build's check)
//   node scripts/ink/patches.mjs make    regenerate patches/ from node_modules (see below)
//
// Why not patch-package: it brings about twenty packages into every install, exits 0 when a patch
// fails to apply unless told --error-on-fail, only warns on a version mismatch, and runs from
// `postinstall`, which also runs wherever pipetop itself is installed. This file has no
// dependency, matches every hunk exactly where the patch says (no fuzz, no offset), fails
// loudly otherwise, and runs from `prepare`, which npm runs only in a checkout of this repository.
//
// Regenerating (after editing scripts/ink/*.ts, or node_modules/<package>/build/*.js for the small
// in-place changes): `npm run patches:make`. It fetches the pristine package with `npm pack`, writes
// each scripts/ink/*.ts (transpiled by TypeScript, comments kept) into node_modules as the file the
// patch adds, and diffs the two with `git diff --no-index`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The files scripts/ink/*.ts become inside the patched packages. */
export const generated = [
  { source: 'scripts/ink/output-get.ts', name: 'ink', file: 'build/pipetop-output.js' },
  { source: 'scripts/ink/tokenize-segments.ts', name: '@alcalzone/ansi-tokenize', file: 'build/pipetop-segments.js' },
];

/** The packages patched (`make` writes a patch for each): those above and slice-ansi's lazy segmenter. */
export const PATCHED = ['ink', '@alcalzone/ansi-tokenize', 'slice-ansi'];

/** Every patch in patches/: its package name, version, and its files' hunks. */
export function readPatches(dir = join(root, 'patches')) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.patch'))
    .sort()
    .map((f) => {
      const match = /^(.+)\+([^+]+)\.patch$/.exec(f);
      if (!match) throw new Error(`patches/${f}: expected <name>+<version>.patch`);
      return { patch: `patches/${f}`, name: match[1].replace('+', '/'), version: match[2], files: parsePatch(readFileSync(join(dir, f), 'utf8'), f) };
    });
}

/** A unified diff's files: [{ path (from the repository root), created, hunks: [{ oldStart, newStart, old[], new[] }] }]. */
export function parsePatch(text, where = 'patch') {
  const files = [];
  let file = null;
  let hunk = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      file = { path: null, created: false, hunks: [] };
      files.push(file);
      hunk = null;
    } else if (!file) {
      continue;
    } else if (!hunk && line.startsWith('--- ')) {
      file.created = line === '--- /dev/null';
    } else if (!hunk && line.startsWith('+++ ')) {
      if (!line.startsWith('+++ b/')) throw new Error(`${where}: unsupported file line ${JSON.stringify(line)}`);
      file.path = line.slice('+++ b/'.length);
    } else if (line.startsWith('@@ ')) {
      const m = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (!m) throw new Error(`${where}: bad hunk header ${JSON.stringify(line)}`);
      hunk = { oldStart: Number(m[1]), newStart: Number(m[2]), old: [], new: [] };
      file.hunks.push(hunk);
    } else if (hunk && (line.startsWith(' ') || line.startsWith('-') || line.startsWith('+'))) {
      if (line[0] !== '+') hunk.old.push(line.slice(1));
      if (line[0] !== '-') hunk.new.push(line.slice(1));
      hunk.last = line[0];
    } else if (hunk && line.startsWith('\\')) {
      // "\ No newline at end of file": the hunk ends the file. Supported only when both sides
      // end without a newline (a context line), the case of Ink's files (their last line is a source-map comment).
      if (hunk.last !== ' ') throw new Error(`${where}: a change to a file's final newline is not supported (${file.path})`);
      hunk.endsFile = true;
    }
  }
  for (const f of files) if (!f.path) throw new Error(`${where}: a file without a +++ line`);
  return files;
}

/**
 * `text` with the hunks applied (or reversed), or null when a hunk's lines are not exactly where
 * the patch says they are.
 */
export function applyHunks(text, hunks, { reverse = false } = {}) {
  const lines = text.split('\n');
  let shift = 0;
  for (const hunk of hunks) {
    const [from, to] = reverse ? [hunk.new, hunk.old] : [hunk.old, hunk.new];
    // Where the matched side starts (a side with no lines names the line it follows), moved by the
    // hunks before it.
    const at = (reverse ? hunk.newStart : hunk.oldStart) - 1 + shift + (from.length === 0 ? 1 : 0);
    if (from.some((line, i) => lines[at + i] !== line)) return null;
    if (hunk.endsFile && at + from.length !== lines.length) return null;
    lines.splice(at, from.length, ...to);
    shift += to.length - from.length;
  }
  return lines.join('\n');
}

function installedVersion(name) {
  const file = join(root, 'node_modules', name, 'package.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : null;
}

/**
 * Each patched file's state: 'applied', 'pending' (applies cleanly) or an error message. A file the
 * patch creates counts as applied when it holds exactly the patch's text, pending otherwise.
 */
export function inspect(patch) {
  const version = installedVersion(patch.name);
  if (version !== patch.version)
    return [{ path: `node_modules/${patch.name}`, state: `is version ${version ?? '(missing)'}, ${patch.patch} is for ${patch.version}` }];
  return patch.files.map((file) => {
    const full = join(root, file.path);
    const current = existsSync(full) ? readFileSync(full, 'utf8') : null;
    if (file.created) {
      const wanted = `${file.hunks.flatMap((h) => h.new).join('\n')}\n`;
      // The file is pipetop's own (no package ships it): an older version is simply replaced.
      return current === wanted ? { ...file, state: 'applied' } : { ...file, state: 'pending', result: wanted };
    }
    if (current === null) return { ...file, state: 'is missing' };
    const result = applyHunks(current, file.hunks);
    if (result !== null) return { ...file, state: 'pending', result };
    if (applyHunks(current, file.hunks, { reverse: true }) !== null) return { ...file, state: 'applied' };
    return { ...file, state: `does not match ${patch.patch}` };
  });
}

function fail(problems) {
  const list = problems.map((p) => `  ${p.path} ${p.state}`).join('\n');
  throw new Error(
    `pipetop's dependency patches do not fit node_modules:\n${list}\n` +
      'A fresh install (rm -rf node_modules && npm ci) applies them; after upgrading the package, redo the patch (scripts/ink/patches.mjs explains how).',
  );
}

export function applyAll() {
  const states = readPatches().flatMap(inspect);
  const problems = states.filter((s) => s.state !== 'applied' && s.state !== 'pending');
  if (problems.length) fail(problems);
  for (const s of states) if (s.state === 'pending') writeFileSync(join(root, s.path), s.result);
  return states.filter((s) => s.state === 'pending').map((s) => s.path);
}

export function checkAll() {
  const problems = readPatches()
    .flatMap(inspect)
    .filter((s) => s.state !== 'applied');
  if (problems.length) fail(problems.map((p) => (p.state === 'pending' ? { ...p, state: 'is not patched (run: node scripts/ink/patches.mjs apply)' } : p)));
}

/**
 * The files the patches change, as their packages shipped them (installed text, hunks reversed),
 * by absolute path: for comparing patched with pristine code (test/ink-output.test.ts). `only`
 * limits it to some packages.
 */
export function pristineFiles(only = null) {
  const pristine = new Map();
  for (const patch of readPatches()) {
    if (only && !only.includes(patch.name)) continue;
    for (const file of patch.files) {
      if (file.created) continue;
      const original = applyHunks(readFileSync(join(root, file.path), 'utf8'), file.hunks, { reverse: true });
      if (original === null) throw new Error(`${file.path} is not as ${patch.patch} leaves it`);
      pristine.set(join(root, file.path), original);
    }
  }
  return pristine;
}

/** An esbuild plugin that bundles those packages pristine. */
export function pristinePlugin(only = null) {
  return {
    name: 'pristine-dependencies',
    setup(b) {
      const pristine = pristineFiles(only);
      b.onLoad({ filter: /[\\/]node_modules[\\/]/ }, (args) => {
        const contents = pristine.get(args.path);
        return contents === undefined ? undefined : { contents, loader: 'js' };
      });
    },
  };
}

/** TypeScript source → the JS the patch adds (types stripped, comments and layout kept). */
export async function transpile(source) {
  const ts = (await import('typescript')).default;
  const header = `// Added by pipetop (patches/): generated from ${source} by scripts/ink/patches.mjs; edit that file, not this one.\n`;
  const { outputText } = ts.transpileModule(readFileSync(join(root, source), 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false, removeComments: false },
  });
  return header + outputText.replace(/\r\n/g, '\n').replace(/\n*$/, '\n');
}

async function make() {
  const packages = [...new Set([...generated.map((g) => g.name), ...PATCHED])];
  for (const g of generated) writeFileSync(join(root, 'node_modules', g.name, g.file), await transpile(g.source));
  for (const name of packages) {
    const version = installedVersion(name);
    const tmp = mkdtempSync(join(tmpdir(), 'pipetop-patch-'));
    try {
      const tarball = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', tmp], { cwd: tmp, encoding: 'utf8' })
        .trim()
        .split('\n')
        .at(-1);
      execFileSync('tar', ['xzf', join(tmp, tarball), '-C', tmp]);
      let diff = '';
      try {
        execFileSync(
          'git',
          ['diff', '--no-index', '--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', 'package', join(root, 'node_modules', name)],
          { cwd: tmp, encoding: 'utf8' },
        );
      } catch (error) {
        if (error.status !== 1) throw error;
        diff = error.stdout;
      }
      const installed = join(root, 'node_modules', name).replace(/^\//, '');
      const path = `node_modules/${name}`;
      diff = diff
        .split('\n')
        .filter((line) => !line.startsWith('index '))
        .map((line) => line.replaceAll(`a/package/`, `a/${path}/`).replaceAll(`b/${installed}/`, `b/${path}/`).replaceAll(`a/${installed}/`, `a/${path}/`))
        .join('\n');
      const out = join(root, 'patches', `${name.replace('/', '+')}+${version}.patch`);
      writeFileSync(out, diff);
      console.log(`wrote ${out.slice(root.length)}`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const command = process.argv[2] ?? 'apply';
  try {
    if (command === 'apply') {
      const done = applyAll();
      if (done.length) console.log(`patched ${done.join(', ')}`);
    } else if (command === 'check') checkAll();
    else if (command === 'make') await make();
    else throw new Error(`unknown command ${command}: apply, check or make`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
