// The app's own keypress type, produced by parser.ts from the raw stdin bytes. It replaces Ink's
// (input, key) pair: one Key is one key the user pressed, never a run of them.

/**
 * Named keys. Printable keys are named by their character ('j', 'G', ':', 'é', '😀'), except the
 * space bar, which is 'space' (as in the bindings table).
 */
export type SpecialKeyName =
  | 'enter'
  | 'escape'
  | 'tab'
  | 'backspace'
  | 'delete'
  | 'insert'
  | 'space'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'pageup'
  | 'pagedown'
  | 'f1'
  | 'f2'
  | 'f3'
  | 'f4'
  | 'f5'
  | 'f6'
  | 'f7'
  | 'f8'
  | 'f9'
  | 'f10'
  | 'f11'
  | 'f12';

export interface Key {
  kind: 'key';
  /** A SpecialKeyName, or the character of a printable key. Ctrl+letter keys are named by the lower-case letter. */
  name: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  /** The bytes (decoded) that made this key, e.g. '\x1b[B'. For logs and tests; do not print it. */
  sequence: string;
  /** What a text field inserts for this key: the character(s) of a plain printable key, else absent. */
  text?: string;
}

/** A bracketed paste: everything between ESC[200~ and ESC[201~, delivered once, never run as keys. */
export interface PasteEvent {
  kind: 'paste';
  text: string;
  /** The paste was longer than the parser's cap; `text` holds its beginning. */
  truncated: boolean;
  /** Its end marker never came: it ended after a silence (parser.ts), with the text that came. */
  unterminated?: boolean;
}

export type InputEvent = Key | PasteEvent;

const SPECIAL = new Set<string>([
  'enter',
  'escape',
  'tab',
  'backspace',
  'delete',
  'insert',
  'space',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'f1',
  'f2',
  'f3',
  'f4',
  'f5',
  'f6',
  'f7',
  'f8',
  'f9',
  'f10',
  'f11',
  'f12',
]);

export function makeKey(name: string, sequence: string, mods: { ctrl?: boolean; alt?: boolean; shift?: boolean } = {}): Key {
  return { kind: 'key', name, ctrl: mods.ctrl ?? false, alt: mods.alt ?? false, shift: mods.shift ?? false, sequence };
}

/**
 * The key's name as the bindings table writes it: 'j', 'G', 'enter', 'ctrl+c', 'shift+tab',
 * 'alt+x', 'ctrl+up'. Upper-case letters carry their shift in the character ('G', not 'shift+g'),
 * so shift is written out only for named keys.
 */
export function bindingName(key: Key): string {
  const named = SPECIAL.has(key.name);
  let out = '';
  if (key.ctrl) out += 'ctrl+';
  if (key.alt) out += 'alt+';
  if (key.shift && named) out += 'shift+';
  return out + key.name;
}

/**
 * Parses a key as a user writes it in the config file ('R', 'ctrl+r', 'Ctrl+R', 'shift+tab',
 * 'esc', 'pgdn', ' ') into the canonical bindingName form, or null when it names no key.
 */
export function parseKeySpec(spec: string): string | null {
  if (typeof spec !== 'string' || spec.length === 0) return null;
  if (spec === ' ') return 'space';
  if (spec === '+') return '+';
  const parts = spec.split('+');
  // 'ctrl++' is ctrl and the plus key.
  if (spec.endsWith('++')) parts.splice(parts.length - 2, 2, '+');
  const base = parts.pop()!;
  let ctrl = false;
  let alt = false;
  let shift = false;
  for (const part of parts) {
    const mod = part.toLowerCase();
    if (mod === 'ctrl' || mod === 'control' || mod === 'c') ctrl = true;
    else if (mod === 'alt' || mod === 'meta' || mod === 'm' || mod === 'option') alt = true;
    else if (mod === 'shift' || mod === 's') shift = true;
    else return null;
  }
  let name: string;
  const lower = base.toLowerCase();
  const alias = ALIASES[lower];
  if (alias) name = alias;
  else if (SPECIAL.has(lower)) name = lower;
  // One visible character: a letter, digit, punctuation or symbol. Not a control, a format
  // character (U+202E, the soft hyphen U+00AD, zero-width joiners), a space other than ' ', a lone
  // combining mark or an unassigned or private code point: the footer would show an empty or
  // reordered key, and no terminal sends most of them as a key.
  else if ([...base].length === 1 && /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(base)) name = base;
  else return null;
  if (!SPECIAL.has(name)) {
    // A terminal sends Ctrl+letter as one control byte, the same for 'r' and 'R'.
    if (ctrl) name = name.toLowerCase();
    // shift+g is G. Shift on a digit or symbol depends on the keyboard layout: write the character.
    else if (shift) {
      if (name.toUpperCase() === name.toLowerCase()) return null;
      name = name.toUpperCase();
    }
    shift = false;
    if (ctrl && !/^[a-z@[\\\]^_ ]$/.test(name)) return null;
  }
  return bindingName({ kind: 'key', name, ctrl, alt, shift, sequence: '' });
}

const ALIASES: Record<string, string> = {
  esc: 'escape',
  return: 'enter',
  ret: 'enter',
  cr: 'enter',
  del: 'delete',
  bs: 'backspace',
  bksp: 'backspace',
  pgdn: 'pagedown',
  pgdown: 'pagedown',
  'page-down': 'pagedown',
  pgup: 'pageup',
  'page-up': 'pageup',
  ins: 'insert',
  spc: 'space',
};
