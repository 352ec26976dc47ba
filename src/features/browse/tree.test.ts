import { describe, expect, it } from 'vitest';
import { entryPath, type ZipEntry } from '../../lib/zip.js';
import { buildTree, initiallyOpen, UNSAFE_FOLDER, visibleRows } from './tree.js';

const entry = (name: string, size = 10): ZipEntry => ({
  name,
  ...entryPath(name),
  directory: name.endsWith('/'),
  size,
  compressedSize: size,
  method: 8,
  encrypted: false,
  offset: 0,
});

describe('buildTree', () => {
  it('makes folders from names, folders first, with their files and bytes', () => {
    const { root } = buildTree([entry('dist/b.js', 5), entry('dist/assets/x.css', 7), entry('README.md', 3), entry('empty/')]);
    expect(root.children.map((c) => [c.name, c.files, c.bytes])).toEqual([
      ['dist', 2, 12],
      ['empty', 0, 0],
      ['README.md', 1, 3],
    ]);
    expect(visibleRows(root, new Set()).map((r) => r.node.name)).toEqual(['dist', 'empty', 'README.md']);
    expect(visibleRows(root, new Set(['dist', 'dist/assets'])).map((r) => `${'  '.repeat(r.depth)}${r.node.name}`)).toEqual([
      'dist',
      '  assets',
      '    x.css',
      '  b.js',
      'empty',
      'README.md',
    ]);
  });

  it('lists unsafe names apart, last, by their names as text', () => {
    const { root } = buildTree([entry('../up.txt'), entry('ok.txt'), entry('/abs')]);
    expect(root.children.map((c) => c.path)).toEqual(['ok.txt', UNSAFE_FOLDER]);
    expect(root.children[1]!.children.map((c) => c.name)).toEqual(['../up.txt', '/abs']);
  });

  it('marks a second entry of the same name, and opens a chain of lone folders first', () => {
    const { root } = buildTree([entry('a/b/c.txt'), entry('a/b/c.txt')]);
    expect(initiallyOpen(root)).toEqual(['a', 'a/b']);
    expect(visibleRows(root, new Set(initiallyOpen(root))).map((r) => r.node.name)).toEqual(['a', 'b', 'c.txt', 'c.txt (again)']);
  });

  it('builds a name 32,700 folders deep without recursion, and walks its rows in a loop', () => {
    const { root } = buildTree([entry(`${'a/'.repeat(32_700)}end.txt`, 9), entry('top.txt', 1)]);
    expect([root.files, root.bytes]).toEqual([2, 10]);
    let node = root.children[0]!;
    let depth = 1;
    for (; depth <= 40_000 && !node.entry; depth++) node = node.children[0]!;
    expect([node.name, depth]).toEqual(['end.txt', 32_701]);
    expect(root.children[0]!.files).toBe(1);
    expect(visibleRows(root, new Set(['a', 'a/a'])).map((r) => [r.node.name, r.depth])).toEqual([
      ['a', 0],
      ['a', 1],
      ['a', 2],
      ['top.txt', 0],
    ]);
  });

  it('places 1,000 files under one 2,000-deep chain in time linear in the names (no path joined per level)', () => {
    const chain = 'ab/'.repeat(2000);
    const entries = Array.from({ length: 1000 }, (_, i) => entry(`${chain}f${i}.txt`, 1));
    expect(entries[0]!.segments.length).toBe(2001);
    const { root, notPlaced } = buildTree(entries);
    expect([root.files, notPlaced]).toEqual([1000, 0]);
    let node = root;
    let folders = 0;
    for (; folders < 3000 && node.children.length === 1; folders++) node = node.children[0]!;
    expect([folders, node.children.length]).toEqual([2000, 1000]);
  });

  it('past its folder bound, leaves out the entries that need more and counts them', () => {
    const { root, notPlaced } = buildTree([entry('a/b/one.txt'), entry('a/two.txt'), entry('c/d/three.txt'), entry('a/b/four.txt'), entry('e/')], 3);
    expect(notPlaced).toBe(1);
    expect(visibleRows(root, new Set(['a', 'a/b', 'c'])).map((r) => r.node.name)).toEqual(['a', 'b', 'four.txt', 'one.txt', 'two.txt', 'e']);
  });
});
