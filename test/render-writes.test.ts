// Render never writes to the controller: a component or hook under src/ui or
// src/features reaches the controller only to hand it the user's input (a key, a field's Enter),
// to read the keymap and the features, or to pass its context to an event handler. What the frame
// needs (the viewport, help's end, the request rate, the log's lines) is in the store, kept by the
// controller and the app shell (src/app/create.tsx) — never reported back by a component.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What a component may use of the controller (src/store/controller.ts), by member. */
const ALLOWED: Record<string, readonly string[] | 'any'> = {
  handleKey: 'any',
  submitField: 'any',
  // The keys for the Ink field in front (src/input/ink-feed.ts).
  inkFeed: 'any',
  // The effective bindings, for the footer's hints and `?`.
  keymap: ['bindings', 'bindingsFor'],
  // The features (their scopes, hint places); the bare context goes to event handlers and list sources.
  ctx: ['features'],
};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** `controller.member` and `controller.member.next` uses in `text` that ALLOWED does not allow. */
function forbiddenUses(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?<![\w/.])controller\??\.(\w+)(?:\??\.(\w+))?/g)) {
    const [use, member, next] = m;
    const allowed = ALLOWED[member!];
    if (allowed === 'any') continue;
    if (allowed && (next === undefined || allowed.includes(next))) continue;
    found.push(use);
  }
  return found;
}

/** The files that get the controller from React context (components and hooks). */
function components(): string[] {
  return [...walk(join(ROOT, 'src/ui')), ...walk(join(ROOT, 'src/features'))].filter((file) => /\buseApp\(\)/.test(readFileSync(file, 'utf8')));
}

describe('render never writes to the controller', () => {
  it('finds what it looks for', () => {
    expect(forbiddenUses('controller.setViewport({ width }); controller.ctx.logs?.model(1); controller.requestRate()')).toEqual([
      'controller.setViewport',
      'controller.ctx.logs',
      'controller.requestRate',
    ]);
    expect(
      forbiddenUses("controller.handleKey(k); controller.keymap.bindingsFor(s); fieldChanged(controller.ctx, v); import '../store/controller.js'"),
    ).toEqual([]);
  });

  it('no component or hook under src/ui or src/features uses more of the controller than its input and keymap', () => {
    const files = components();
    // The shell, its header and footer, and the panes that read lists: the scan sees them.
    expect(files.map((file) => relative(ROOT, file))).toEqual(expect.arrayContaining(['src/ui/App.tsx', 'src/ui/Footer.tsx', 'src/ui/use-list.ts']));
    const uses = files.flatMap((file) => forbiddenUses(readFileSync(file, 'utf8')).map((use) => `${relative(ROOT, file)}: ${use}`));
    expect(uses).toEqual([]);
  });
});
