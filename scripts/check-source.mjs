// Four habits of the source that ESLint does not hold, checked by `npm run lint`:
// - no source file over MAX_LINES lines (a longer one is split by responsibility, as src/cron was);
// - no import circle in src/: files that import each other, directly or round a loop, cannot be read,
//   tested or moved one at a time. `import type` counts: a circle of types is still a circle of
//   knowledge, even if esbuild erases it;
// - features stand side by side: a feature folder (src/features/<name>) imports the domain
//   (src/domain: the shared records and their writers) and the core, and another feature folder only
//   down FEATURE_TIERS below — never one of its own tier or above, so no two folders import each
//   other, round any loop. A feature not in the tiers is a leaf: it may import the tiers, none imports it;
// - every write has an owner: `setState` is called only by the writers (WRITERS: the trail's, each
//   slice's, the lists' and the toast's), and the trail (`stack`) is written only by store/nav.ts.
//   Features call their slice's writer, the core's (store/writers.ts) and nav's.
// A circle is found as a strongly connected component of the import graph (Tarjan): every file in one
// can reach every other, so one component holds all the circles through its files. The graph is read
// with TypeScript's own scanner (ts.preProcessFile), so comments and strings are never taken for imports.
// Run: node scripts/check-source.mjs   (prints nothing and exits 0 when both hold)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export const MAX_LINES = 600;
/** Folders whose files the line limit covers: all the TypeScript and JavaScript we write. */
export const LINE_DIRS = ['src', 'test', 'scripts', 'eslint'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/**
 * Circles allowed for now, each as the files of its component, relative to src/: none. (The one of
 * store, ui and features, which issue 25 found, went when the features came to plug into an app
 * shell.) A component found must lie wholly inside a known one, so a file that joins a known circle,
 * or any other circle, fails; a known entry that is no longer a circle fails too, so the list never
 * outlives what it excuses.
 */
export const KNOWN_CIRCLES = [];

/**
 * The feature folders other features may import, lowest first: a feature imports another only
 * from a tier strictly below its own (through its index.ts, eslint/boundaries.mjs). Every other
 * feature is a leaf (a pane the user opens, Environments and Runners included): it may import any
 * of these, and no feature imports it. What several features share goes to src/domain instead.
 */
export const FEATURE_TIERS = [
  // Runners: why a pending job waits and which runner fails its jobs, said in the job pane, `:jobs` and `:failures`.
  ['runners'],
  // The job row's actions and table (jobs), watched pipelines (marks).
  ['jobs', 'marks'],
  // The user's own commands, run over the job or pipeline in front.
  ['commands'],
  // The job pane and its log.
  ['log'],
  // The pipeline lists and pane, with the job keys on their rows.
  ['pipelines'],
  // The pulse: its rows open a project's pipelines filtered (its `f`), and `:jobs` and `:view` read its projects.
  ['pulse'],
];

/** The files (relative to the repository) that may call `setState`: the writers every other file calls. */
export const WRITERS = ['src/store/nav.ts', 'src/store/writer.ts', 'src/store/store.ts'];

/** The file that alone writes the trail (`stack`). */
export const TRAIL_WRITER = 'src/store/nav.ts';

/**
 * Files that call `setState` all the same: how many times at most, and why. A file that calls it
 * more often fails, and so does one that calls it less (lower its count, or remove it), so the list
 * never outlives what it excuses.
 */
export const KNOWN_WRITES = {
  // Retention (store/retention.ts) forgets across every slice in one pass: what one slice keeps
  // depends on what another kept (a kept list's rows pin jobs, jobs pin their pipelines).
  'src/store/polling.ts': [1, 'retention forgets across all slices in one pass'],
  // The request log's writer, over the narrow store its test builds without an app.
  'src/features/requests/record.ts': [1, "the request log's own writer (recordExchange)"],
};

/** Every file under `dir` (absolute) whose name matches `pattern`, skipping dot-folders and node_modules. */
export function walk(dir, pattern, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, pattern, out);
    else if (pattern.test(name)) out.push(path);
  }
  return out;
}

/** "file: N lines (max 600)" for each file of `files` (absolute) over `max` lines, paths relative to `root`. */
export function longFiles(root, files, max = MAX_LINES) {
  return files.flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    return lines > max ? [`${relative(root, file).split(sep).join('/')}: ${lines} lines (max ${max})`] : [];
  });
}

/** The file a relative specifier names (`./x.js` is x.ts or x.tsx, a folder its index), or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The import graph of `files` (absolute): each file → the files of the list it imports, re-exports or import()s. */
export function importGraph(files) {
  const inside = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((i) => resolveImport(file, i.fileName)).filter((t) => t !== null && inside.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of `graph` with a circle in them (two files or more, or a file importing itself). */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  // Iterative Tarjan: a recursive one would be as deep as the longest import chain.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next);
    next += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const target = edges[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next);
          next += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)));
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.includes(node)) found.push(component.sort());
    }
  }
  return found;
}

/** One file's way round its circle, as "a → b → a", to say where to cut. */
function loopThrough(graph, component, name) {
  const members = new Set(component);
  const [first] = component;
  const previous = new Map([[first, null]]);
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (target === first) {
        const path = [target];
        for (let at = node; at !== null; at = previous.get(at)) path.unshift(at);
        return path.map(name).join(' → ');
      }
      if (members.has(target) && !previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return component.map(name).join(', ');
}

/** What is wrong with the circles of the files under `src` (absolute), given the known ones (paths relative to src). */
export function circleFindings(src, known = KNOWN_CIRCLES) {
  const files = walk(src, /\.(ts|tsx)$/).filter((f) => !f.endsWith('.d.ts'));
  const graph = importGraph(files);
  const name = (file) => relative(src, file).split(sep).join('/');
  const found = circles(graph).map((component) => component.map(name));
  const findings = [];
  for (const component of found) {
    const home = known.find((k) => component.every((file) => k.includes(file)));
    if (home) continue;
    const absolute = component.map((file) => join(src, file));
    const newcomers = known.length === 0 ? [] : component.filter((file) => !known.some((k) => k.includes(file)));
    findings.push(
      `import circle of ${component.length} file(s) in src/: ${loopThrough(graph, absolute, name)}` +
        (newcomers.length > 0 ? ` (new to it: ${newcomers.join(', ')})` : ''),
    );
  }
  known.forEach((k, i) => {
    if (!found.some((component) => component.some((file) => k.includes(file)))) {
      findings.push(`KNOWN_CIRCLES[${i}] is no longer a circle: remove it from scripts/check-source.mjs`);
    }
  });
  return findings;
}

/** The feature folder of a file (its name under src/features), or null. */
function featureOf(src, file) {
  const [top, name, ...rest] = relative(src, file).split(sep);
  return top === 'features' && rest.length > 0 ? name : null;
}

/**
 * Imports between feature folders that break FEATURE_TIERS, and every loop of feature folders, in the
 * source (not the tests) under `src` (absolute). Each finding names the importing file.
 */
export function featureFindings(src, tiers = FEATURE_TIERS) {
  const files = walk(src, /\.(ts|tsx)$/).filter((f) => !f.endsWith('.d.ts') && !/\.test\.tsx?$/.test(f));
  const graph = importGraph(files);
  const name = (file) => relative(src, file).split(sep).join('/');
  const tierOf = (feature) => {
    const i = tiers.findIndex((tier) => tier.includes(feature));
    return i < 0 ? tiers.length : i;
  };
  const findings = [];
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = featureOf(src, file);
    if (!from) continue;
    for (const target of targets) {
      const to = featureOf(src, target);
      if (!to || to === from) continue;
      folders.set(from, [...new Set([...(folders.get(from) ?? []), to])]);
      if (tierOf(to) === tiers.length)
        findings.push(`${name(file)}: imports the feature ${to}, which no feature may import (not in FEATURE_TIERS: share it through src/domain)`);
      else if (tierOf(to) >= tierOf(from))
        findings.push(`${name(file)}: imports the feature ${to} from ${from}, a tier not below it (FEATURE_TIERS in scripts/check-source.mjs)`);
    }
  }
  for (const loop of circles(folders)) findings.push(`import loop of feature folders: ${loopThrough(folders, loop, (f) => f)}`);
  return findings;
}

/** Each `x.setState(…)` call in `text` (a TypeScript file): its line, and whether its arguments name `stack`. */
export function stateWrites(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const writes = [];
  const namesStack = (node) =>
    ((ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) && node.name.getText(source) === 'stack') ||
    ts.forEachChild(node, namesStack) === true;
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setState') {
      writes.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, stack: node.arguments.some(namesStack) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

/** Writes without an owner in the source under `root`/src: `setState` outside the writers, `stack` outside nav. */
export function writeFindings(root, known = KNOWN_WRITES) {
  const files = walk(join(root, 'src'), /\.(ts|tsx)$/).filter((f) => !f.endsWith('.d.ts') && !/\.test\.tsx?$/.test(f));
  const findings = [];
  const seen = new Map();
  for (const file of files) {
    const name = relative(root, file).split(sep).join('/');
    const writes = stateWrites(readFileSync(file, 'utf8'), name);
    for (const w of writes) if (w.stack && name !== TRAIL_WRITER) findings.push(`${name}:${w.line}: writes the trail (stack): call store/nav.ts`);
    if (writes.length === 0 || WRITERS.includes(name)) continue;
    seen.set(name, writes.length);
    const allowed = known[name]?.[0] ?? 0;
    if (writes.length > allowed) {
      findings.push(
        `${name}:${writes[allowed].line}: setState outside a writer (${writes.length}, allowed ${allowed}): call the owner's writer (store/writer.ts, store/writers.ts)`,
      );
    }
  }
  for (const [name, [allowed]] of Object.entries(known)) {
    const count = seen.get(name) ?? 0;
    if (count < allowed) findings.push(`KNOWN_WRITES['${name}'] allows ${allowed} setState calls, it has ${count}: lower it in scripts/check-source.mjs`);
  }
  return findings;
}

/** Every finding for the repository at `root`. */
export function check(root, known = KNOWN_CIRCLES, writes = KNOWN_WRITES, tiers = FEATURE_TIERS) {
  const lineFiles = LINE_DIRS.flatMap((dir) => walk(join(root, dir), SOURCE)).filter((f) => !f.endsWith('.d.ts') && !f.endsWith('.d.mts'));
  return [
    ...longFiles(root, lineFiles),
    ...circleFindings(join(root, 'src'), known),
    ...featureFindings(join(root, 'src'), tiers),
    ...writeFindings(root, writes),
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const findings = check(resolve(import.meta.dirname, '..'));
  for (const finding of findings) console.error(`check-source: ${finding}`);
  process.exit(findings.length > 0 ? 1 : 0);
}
