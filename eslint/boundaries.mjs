// pipetop's import boundaries as an ESLint rule (`pipetop/boundaries`): which folder of src/ may
// import which, drawn in docs/architecture.md and docs/development.md (Layout). A rule of our own,
// not a plugin: each import is resolved to a file of src/ and looked up in ALLOWED below — about
// sixty lines instead of a dependency tree, and the table reads as the picture.
import { dirname, relative, resolve, sep } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

/**
 * The plumbing, and what each part may import (besides its own folder, node: modules and the
 * packages listed). `types` parts may be imported only with `import type`. Anything not listed is
 * the app: src/*.tsx, app, boot, commands, config, platform, store, ui — which may import all plumbing.
 */
export const ALLOWED = {
  // The GitLab client: no React, no store, nothing of the app.
  api: { parts: ['lib'], types: [], packages: ['undici', 'valibot'] },
  // Leaf utilities with no knowledge of the app (a bounded LRU, safe file writes, the colour switch,
  // how each GitLab status looks): the TUI and `pipetop watch` share them, and watch loads no React.
  lib: { parts: [], types: [] },
  // Pure helpers under the app: the API's types and each other.
  text: { parts: [], types: ['api'] },
  cron: { parts: ['text'], types: ['api'], packages: ['cron-parser'] },
  keymap: { parts: ['text'], types: ['api'] },
  log: { parts: ['text', 'cron', 'keymap', 'lib'], types: ['api'] },
  // Raw stdin → keypresses, terminal modes: nothing of the app.
  input: { parts: ['text'], types: [] },
  // The server's clock, relative dates, durations: pure.
  time: { parts: [], types: [] },
  // The simulator is GitLab's stand-in, not the client's mirror: it imports nothing of src/ outside
  // src/sim — not even the client's types or value lists — so it can disagree with the client. Its
  // tables and shapes are written from GitLab's source (src/sim/gitlab-values.ts, src/sim/present.ts).
  sim: { parts: [], types: [], packages: ['fflate', 'graphql'] },
};

/**
 * The core, the UI kit and the domain (the shared records every feature shows: src/domain): they
 * name no feature and not the app shell above the features. The shell (src/app) lists the features
 * and composes them (adding a feature is a folder and a line in src/app/features.ts).
 */
export const FEATURE_BLIND = ['store', 'ui', 'domain'];

/** The part of src/ a file is in: 'api', 'store', 'features/jobs', '(root)' … or null outside src/. */
export function partOf(file) {
  const rel = relative(SRC, file);
  if (rel.startsWith('..') || rel === '') return null;
  const [first, second] = rel.split(sep);
  if (first === 'features' && second && rel.split(sep).length > 2) return `features/${second}`;
  if (first === 'features') return 'features';
  return rel.includes(sep) ? first : '(root)';
}

/** A reason the import is not allowed, or null. */
export function check(file, specifier, typeOnly) {
  const from = partOf(file);
  if (from === null) return null;
  if (!specifier.startsWith('.')) {
    const rule = ALLOWED[from];
    if (!rule || specifier.startsWith('node:') || typeOnly) return null;
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    return rule.packages?.includes(name) ? null : `src/${from} may not import the package ${name}`;
  }
  const target = resolve(dirname(file), specifier);
  const to = partOf(target);
  if (to === null || to === from) return null;
  if (FEATURE_BLIND.includes(from) && (to.startsWith('features') || to === 'app')) {
    return `src/${from} names no feature: the app shell (src/app) composes them (src/${to} imported)`;
  }
  if (from.startsWith('features') && to === 'app') return 'a feature may not import the app shell (src/app) above it';
  // The core lies below the domain's records (src/domain), as below the features that show them.
  if ((from === 'store' || from === 'ui') && to === 'domain') return `src/${from} names no record: src/domain stands above the core`;
  if (to.startsWith('features/')) {
    // Features may use the plumbing; the plumbing never uses a feature. The app shell (src/app) and
    // other features reach a feature only through its index.ts.
    if (ALLOWED[from]) return `src/${from} is plumbing and may not import a feature (${to})`;
    const inside = relative(resolve(SRC, to), target);
    // The app shell takes a feature's definition (feature.ts) to register it.
    if (from === 'app' && /^feature\.(js|ts)$/.test(inside)) return null;
    if (!/^index\.(js|ts|tsx)$/.test(inside)) return `import ${to} through its index.ts, not ${inside}`;
    return null;
  }
  const rule = ALLOWED[from];
  if (!rule) {
    if (from === 'store' && to === 'ui') return 'src/store may not import src/ui (the store holds data; the UI reads it)';
    return null;
  }
  if (rule.parts.includes(to)) return null;
  if (from === 'sim') return `src/sim stands on its own: it may not import src/${to} (write it from GitLab's source under src/sim)`;
  if (rule.types.includes(to)) return typeOnly ? null : `src/${from} may import only types from src/${to} (use import type)`;
  return `src/${from} may not import src/${to}`;
}

function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

export const boundaries = {
  meta: { type: 'problem', docs: { description: "pipetop's import boundaries (docs/development.md, Layout)" }, schema: [] },
  create(context) {
    const report = (node, source, typeOnly) => {
      if (typeof source?.value !== 'string') return;
      const reason = check(context.filename, source.value, typeOnly);
      if (reason) context.report({ node: source, message: reason });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => report(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => report(node, node.source, false),
    };
  },
};

export const plugin = { meta: { name: 'pipetop' }, rules: { boundaries } };
