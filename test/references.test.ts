// Comments and docs point only at files in this repository: a newcomer who clones it has the API reference
// (docs/gitlab-api.md) but not the notes it was first written from, so no file names those or cites their
// sections, and every docs/<file>.md or gitlab-api.md section a comment names is really there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIRS = ['src', 'test', 'bench', 'scripts', 'eslint', 'docs'];
/** Measured figures written by the benches, not prose. */
const SKIP = ['bench/results'];
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|py|md|sh)$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name.startsWith('.') || SKIP.includes(path)) continue;
    if (statSync(join(ROOT, path)).isDirectory()) walk(path, out);
    else if (TEXT.test(name)) out.push(path);
  }
  return out;
}

const FILES = [...DIRS.flatMap((dir) => walk(dir)), 'README.md'];
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The comments of a source file (`//…`, `/* … *\/`, `# …` in Python), or the whole of a Markdown file. */
function commentsOf(file: string): string {
  const body = text(file);
  if (file.endsWith('.md')) return body;
  if (file.endsWith('.py')) return [...body.matchAll(/#[^\n]*/g)].map((m) => m[0]).join('\n');
  return [...body.matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => m[0]).join('\n');
}

/** Every line of `files` that matches `pattern`, as `file:line: text`. */
function hits(files: string[], pattern: RegExp, of: (file: string) => string = text): string[] {
  return files.flatMap((file) =>
    of(file)
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

// Written in pieces so that this file does not name them itself.
const OUTSIDE = new RegExp(['GITLAB-' + 'FACTS', 'DESIGN\\.' + 'md', 'ci-api-' + 'spec', '\\.\\./' + 'shared', '/work/' + 'shared'].join('|'));
/** The outside API document cited by section number (with or without "section"), or as "the" one: not in the repository. */
const BARE_SPEC = new RegExp(['\\bspec(?: section)? ?\\d', '(?<![\\w$])\\(spe' + 'c\\)', '\\bthe spe' + 'c\\b', '\\bspe' + "c's"].join('|'), 'i');

describe('references', () => {
  it('finds the files it checks', () => {
    expect(FILES).toContain('src/api/types.ts');
    expect(FILES).toContain('docs/gitlab-api.md');
    expect(FILES.some((f) => f.startsWith('bench/results/'))).toBe(false);
  });

  it('names no document outside the repository', () => {
    expect(hits(FILES, OUTSIDE)).toEqual([]);
    // The prose names no path of the machine it was written on.
    expect(
      hits(
        FILES.filter((f) => f.endsWith('.md')),
        /\/work\//,
      ),
    ).toEqual([]);
  });

  it('cites API sections as docs/gitlab-api.md §N, never by the bare word and a number', () => {
    expect(hits(FILES, BARE_SPEC)).toEqual([]);
  });

  it('names only docs/<file>.md that exist', () => {
    const missing = FILES.flatMap((file) =>
      [...commentsOf(file).matchAll(/\bdocs\/([\w.-]+\.md)\b/g)].filter((m) => !existsSync(join(ROOT, 'docs', m[1]!))).map((m) => `${file}: ${m[0]}`),
    );
    expect(missing).toEqual([]);
  });

  it('cites only sections of gitlab-api.md that it has', () => {
    const doc = text('docs/gitlab-api.md');
    const numbers = new Set([...doc.matchAll(/^#{2,3} §(\d+(?:\.\d+)?) /gm)].map((m) => m[1]));
    const names = new Set([...doc.matchAll(/^#{2,3} (?:§[\d.]+ )?(.+)$/gm)].map((m) => m[1]!.trim()));
    const wrong = FILES.flatMap((file) =>
      [...commentsOf(file).matchAll(/gitlab-api\.md(?: §(\d+(?:\.\d+)?)| "([^"]+)")/g)]
        .filter((m) => (m[1] !== undefined ? !numbers.has(m[1]) : !names.has(m[2]!)))
        .map((m) => `${file}: ${m[0]}`),
    );
    expect(numbers.size).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});
