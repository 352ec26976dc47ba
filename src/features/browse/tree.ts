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

/** A tree, and the entries it left out because placing them would make more folders than it holds. */
export interface Tree {
  root: TreeNode;
  notPlaced: number;
}

/**
 * Builds the tree in time linear in the names' segments: each folder finds its children by name
 * in a map of its own (no path is joined to look one up), a path is made once, from its parent's,
 * when its folder is made, and totals and sorting walk the folders bottom-up in a loop — no
 * recursion, so a name thousands of folders deep cannot overflow the stack. Past `maxFolders`
 * folders, an entry that needs a new one is counted in notPlaced instead.
 */
export function buildTree(entries: readonly ZipEntry[], maxFolders = Infinity): Tree {
  const root: TreeNode = { name: '', path: '', children: [], files: 0, bytes: 0 };
  // Creation order: a folder comes after its parent, so walking it backwards is bottom-up.
  const folders: TreeNode[] = [root];
  const parents: (TreeNode | null)[] = [null];
  const subfolders = new Map<TreeNode, Map<string, TreeNode>>();
  const fileNames = new Map<TreeNode, Set<string>>();
  let notPlaced = 0;
  /** The folder for segments[0, count), made when missing; null when that passes maxFolders. */
  const folder = (segments: readonly string[], count: number): TreeNode | null => {
    let node = root;
    let i = 0;
    for (; i < count; i++) {
      const next = subfolders.get(node)?.get(segments[i]!);
      if (!next) break;
      node = next;
    }
    if (folders.length - 1 + (count - i) > maxFolders) return null;
    for (; i < count; i++) {
      const name = segments[i]!;
      const next: TreeNode = { name, path: node === root ? name : `${node.path}/${name}`, children: [], files: 0, bytes: 0 };
      let byName = subfolders.get(node);
      if (!byName) subfolders.set(node, (byName = new Map()));
      byName.set(name, next);
      node.children.push(next);
      folders.push(next);
      parents.push(node);
      node = next;
    }
    return node;
  };
  const unsafe: TreeNode = { name: 'names that are unsafe as paths (shown, never used)', path: UNSAFE_FOLDER, children: [], files: 0, bytes: 0 };
  for (const entry of entries) {
    if (entry.unsafe) {
      unsafe.children.push({ name: entry.name, path: `${UNSAFE_FOLDER}/${unsafe.children.length}`, entry, children: [], files: 1, bytes: entry.size });
      continue;
    }
    if (entry.directory) {
      if (!folder(entry.segments, entry.segments.length)) notPlaced++;
      continue;
    }
    const parent = folder(entry.segments, entry.segments.length - 1);
    if (!parent) {
      notPlaced++;
      continue;
    }
    const last = entry.segments.at(-1)!;
    // A second entry of the same name (zips allow it): both are listed, the later one marked.
    let names = fileNames.get(parent);
    if (!names) fileNames.set(parent, (names = new Set()));
    const name = names.has(last) ? `${last} (again)` : last;
    names.add(last);
    parent.children.push({ name, path: parent === root ? last : `${parent.path}/${last}`, entry, children: [], files: 1, bytes: entry.size });
  }
  if (unsafe.children.length) {
    root.children.push(unsafe);
    folders.push(unsafe);
    parents.push(root);
  }
  for (let i = folders.length - 1; i >= 0; i--) {
    const node = folders[i]!;
    for (const child of node.children) {
      if (!child.entry) continue;
      node.files++;
      node.bytes += child.bytes;
    }
    node.children.sort((a, b) => (a === unsafe ? 1 : b === unsafe ? -1 : 0) || Number(!!a.entry) - Number(!!b.entry) || a.name.localeCompare(b.name));
    const parent = parents[i];
    if (parent) {
      parent.files += node.files;
      parent.bytes += node.bytes;
    }
  }
  return { root, notPlaced };
}

/** The rows shown: the root's children, and the children of every open folder below them (a loop, not recursion). */
export function visibleRows(root: TreeNode, open: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: { node: TreeNode; next: number }[] = [{ node: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const child = top.node.children[top.next++];
    if (!child) {
      stack.pop();
      continue;
    }
    const folder = !child.entry;
    const isOpen = folder && open.has(child.path);
    rows.push({ node: child, depth: stack.length - 1, folder, open: isOpen });
    if (isOpen) stack.push({ node: child, next: 0 });
  }
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
