// The artifacts archive as a file tree: folders from the entries' names (a folder needs no entry of
// its own), sorted folders first, and the rows on screen for the folders that are open. Entries
// whose names are unsafe as paths (src/lib/zip.ts entryPath) are not placed by their names: they
// are listed apart, under one folder of their own, and never opened by name.
import type { ZipEntry } from '../../lib/zip.js';

export interface TreeNode {
  name: string;
  /** Folder path (segments joined by `/`), the key of its open/closed state; a file's full path. */
  path: string;
  /** The file's entry; undefined for a folder. */
  entry?: ZipEntry;
  children: TreeNode[];
  /** Files below (all levels) and their bytes. */
  files: number;
  bytes: number;
}

export interface TreeRow {
  node: TreeNode;
  depth: number;
  folder: boolean;
  open: boolean;
}

/** The folder that holds entries with unsafe names (its path cannot clash: no segment is empty). */
export const UNSAFE_FOLDER = '//unsafe';

export function buildTree(entries: readonly ZipEntry[]): TreeNode {
  const root: TreeNode = { name: '', path: '', children: [], files: 0, bytes: 0 };
  const folders = new Map<string, TreeNode>([['', root]]);
  const folder = (segments: string[]): TreeNode => {
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      const path = segments.slice(0, i + 1).join('/');
      let next = folders.get(path);
      if (!next) {
        next = { name: segments[i]!, path, children: [], files: 0, bytes: 0 };
        folders.set(path, next);
        node.children.push(next);
      }
      node = next;
    }
    return node;
  };
  const unsafe: TreeNode = { name: 'names that are unsafe as paths (shown, never used)', path: UNSAFE_FOLDER, children: [], files: 0, bytes: 0 };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.unsafe) {
      unsafe.children.push({ name: entry.name, path: `${UNSAFE_FOLDER}/${unsafe.children.length}`, entry, children: [], files: 1, bytes: entry.size });
      continue;
    }
    if (entry.directory) {
      folder(entry.segments);
      continue;
    }
    const path = entry.segments.join('/');
    // A second entry of the same name (zips allow it): both are listed, the later one marked.
    const name = seen.has(path) ? `${entry.segments.at(-1)!} (again)` : entry.segments.at(-1)!;
    seen.add(path);
    const parent = folder(entry.segments.slice(0, -1));
    parent.children.push({ name, path, entry, children: [], files: 1, bytes: entry.size });
  }
  if (unsafe.children.length) root.children.push(unsafe);
  const total = (node: TreeNode): void => {
    if (node.entry) return;
    node.files = 0;
    node.bytes = 0;
    for (const child of node.children) {
      total(child);
      node.files += child.files;
      node.bytes += child.bytes;
    }
    node.children.sort(
      (a, b) => (a.path === UNSAFE_FOLDER ? 1 : b.path === UNSAFE_FOLDER ? -1 : 0) || Number(!!a.entry) - Number(!!b.entry) || a.name.localeCompare(b.name),
    );
  };
  total(root);
  return root;
}

/** The rows shown: the root's children, and the children of every open folder below them. */
export function visibleRows(root: TreeNode, open: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (node: TreeNode, depth: number): void => {
    for (const child of node.children) {
      const folder = !child.entry;
      const isOpen = folder && open.has(child.path);
      rows.push({ node: child, depth, folder, open: isOpen });
      if (isOpen) walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return rows;
}

/** Folders to open at first: a lone top folder, and down a chain of lone folders (dist/ → dist/assets/). */
export function initiallyOpen(root: TreeNode): string[] {
  const open: string[] = [];
  let node = root;
  while (node.children.length === 1 && !node.children[0]!.entry && node.children[0]!.path !== UNSAFE_FOLDER) {
    node = node.children[0]!;
    open.push(node.path);
  }
  return open;
}
