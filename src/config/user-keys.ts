// The user's key settings laid over the default bindings table. A key the user binds must not
// collide with another command wherever both apply: one of them would silently win, and the user
// would find out by pressing the key on a pipeline. Such a key is refused with a message instead.
// The default table shadows on purpose (a pane's own `r` over nothing global, the form's Esc over
// "back"); only collisions that involve a user setting are checked.
import type { ConfigWarning, UserKeys } from './user-config.js';

export interface BindingLike {
  command: string;
  keys: string[];
  scopes: readonly string[];
}

/**
 * Whether two scopes can be live at once. A pane's live scopes are [pane, 'list' when it shows a
 * list, 'global'], so 'global' meets every scope and 'list' meets every pane. The keymap may pass
 * an exact rule (which panes are lists).
 */
export function defaultOverlaps(a: string, b: string): boolean {
  return a === b || a === 'global' || b === 'global' || a === 'list' || b === 'list';
}

export interface ApplyOptions {
  file: string;
  overlaps?: (a: string, b: string) => boolean;
}

/**
 * Returns a new table: each command the user set gets the user's keys in every row of it; a user
 * key that collides is left out (with a warning), and a command left with no keys keeps its
 * defaults. Pure: `bindings` is not changed.
 */
export function applyUserKeys<B extends BindingLike>(
  bindings: readonly B[],
  user: Record<string, UserKeys>,
  opts: ApplyOptions,
): { bindings: B[]; warnings: ConfigWarning[] } {
  const overlaps = opts.overlaps ?? defaultOverlaps;
  const warnings: ConfigWarning[] = [];
  const rows: B[] = bindings.map((b) => (Object.hasOwn(user, b.command) ? { ...b, keys: [...user[b.command]!.keys] } : b));
  /** Commands whose rows carry the user's keys (a command refused back to its defaults leaves it). */
  const touched = new Set(Object.keys(user).filter((command) => bindings.some((b) => b.command === command)));
  const said = new Set<string>();
  const warn = (command: string, message: string) => {
    // A command bound in several rows (one per pane) would otherwise say the same thing per row.
    if (said.has(`${command}\n${message}`)) return;
    said.add(`${command}\n${message}`);
    const setting = user[command];
    warnings.push({ file: opts.file, ...(setting?.line !== undefined ? { line: setting.line } : {}), key: `keys.${command}`, message });
  };
  const clash = (a: BindingLike, b: BindingLike, key: string): string | null => {
    if (a.command === b.command || !b.keys.includes(key)) return null;
    for (const sa of a.scopes) for (const sb of b.scopes) if (overlaps(sa, sb)) return sa === sb ? sa : `${sa}/${sb}`;
    return null;
  };
  // Each pass refuses colliding user keys; a command that loses every key goes back to its defaults,
  // which can collide anew with another user key, hence the loop. It ends: a command leaves
  // `touched` at most once.
  for (let changed = true; changed;) {
    changed = false;
    // Checked against the table as the pass began: when two user settings collide, both are refused.
    const snapshot = [...rows];
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (!touched.has(row.command)) continue;
      const kept = row.keys.filter((key) => {
        // A key the command has by default in this row is kept: the default table shadows on purpose.
        if (bindings[i]!.command === row.command && bindings[i]!.keys.includes(key)) return true;
        for (const other of snapshot) {
          const where = clash(row, other, key);
          if (where === null) continue;
          warn(row.command, `'${key}' is already ${other.command} (${where}); not bound to ${row.command}`);
          return false;
        }
        return true;
      });
      if (kept.length === row.keys.length) continue;
      changed = true;
      rows[i] = { ...row, keys: kept };
    }
    for (const command of [...touched]) {
      if (rows.some((r) => r.command === command && r.keys.length === 0)) {
        touched.delete(command);
        changed = true;
        bindings.forEach((b, i) => {
          if (b.command === command) rows[i] = b;
        });
        const defaults = [...new Set(bindings.filter((b) => b.command === command).flatMap((b) => b.keys))];
        warn(command, `none of its keys could be bound; keeps its default keys (${defaults.join(', ')})`);
      }
    }
  }
  return { bindings: rows, warnings };
}
