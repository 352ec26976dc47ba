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
    const root = buildTree([entry('dist/b.js', 5), entry('dist/assets/x.css', 7), entry('README.md', 3), entry('empty/')]);
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
    const root = buildTree([entry('../up.txt'), entry('ok.txt'), entry('/abs')]);
    expect(root.children.map((c) => c.path)).toEqual(['ok.txt', UNSAFE_FOLDER]);
    expect(root.children[1]!.children.map((c) => c.name)).toEqual(['../up.txt', '/abs']);
  });

  it('marks a second entry of the same name, and opens a chain of lone folders first', () => {
    const root = buildTree([entry('a/b/c.txt'), entry('a/b/c.txt')]);
    expect(initiallyOpen(root)).toEqual(['a', 'a/b']);
    expect(visibleRows(root, new Set(initiallyOpen(root))).map((r) => r.node.name)).toEqual(['a', 'b', 'c.txt', 'c.txt (again)']);
  });
});
