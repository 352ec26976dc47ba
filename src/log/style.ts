// Text styles of a log line, as the pane renders them. Only what GitLab's log view keeps (SGR) and
// only what a 16-colour terminal can show: every colour is one of the 16 basic ANSI colours.
//
// Internally a style is a small integer key (flags | fg << 5 | bg << 10) and every Style object is
// interned: the sanitizer changes styles millions of times on a big log, and comparing or storing
// an integer costs nothing. Interned Style objects are frozen so a consumer cannot corrupt them.

export type AnsiColor =
  | 'black'
  | 'red'
  | 'green'
  | 'yellow'
  | 'blue'
  | 'magenta'
  | 'cyan'
  | 'white'
  | 'gray'
  | 'redBright'
  | 'greenBright'
  | 'yellowBright'
  | 'blueBright'
  | 'magentaBright'
  | 'cyanBright'
  | 'whiteBright';

export interface Style {
  fg?: AnsiColor;
  bg?: AnsiColor;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

export interface Span {
  text: string;
  style: Style;
}

/** Index = ANSI colour number 0–15 (30–37 / 90–97 as foreground). Names are Ink's (chalk's). */
export const ANSI_COLORS: readonly AnsiColor[] = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
];

export const BOLD = 1;
export const DIM = 2;
export const ITALIC = 4;
export const UNDERLINE = 8;
export const INVERSE = 16;
const FG_SHIFT = 5;
const BG_SHIFT = 10;
const COLOR_MASK = 31;

/** Foreground colour 0–15 of a key, or -1 for the terminal's default. */
export function fgOf(key: number): number {
  return ((key >> FG_SHIFT) & COLOR_MASK) - 1;
}
export function bgOf(key: number): number {
  return ((key >> BG_SHIFT) & COLOR_MASK) - 1;
}
/** color: 0–15, or -1 for default. */
export function withFg(key: number, color: number): number {
  return (key & ~(COLOR_MASK << FG_SHIFT)) | ((color + 1) << FG_SHIFT);
}
export function withBg(key: number, color: number): number {
  return (key & ~(COLOR_MASK << BG_SHIFT)) | ((color + 1) << BG_SHIFT);
}

const byKey = new Map<number, Style>();

/** The interned, frozen Style for a key. */
export function styleOfKey(key: number): Style {
  let style = byKey.get(key);
  if (style) return style;
  const s: Style = {};
  const fg = fgOf(key);
  const bg = bgOf(key);
  if (fg >= 0) s.fg = ANSI_COLORS[fg]!;
  if (bg >= 0) s.bg = ANSI_COLORS[bg]!;
  if (key & BOLD) s.bold = true;
  if (key & DIM) s.dim = true;
  if (key & ITALIC) s.italic = true;
  if (key & UNDERLINE) s.underline = true;
  if (key & INVERSE) s.inverse = true;
  style = Object.freeze(s);
  byKey.set(key, style);
  keyByStyle.set(style, key);
  return style;
}

// Interned objects map straight back to their key; other objects (from a caller) are computed.
const keyByStyle = new WeakMap<Style, number>();
const colorIndex = new Map<string, number>(ANSI_COLORS.map((c, i) => [c, i]));

export function keyOfStyle(style: Style | undefined): number {
  if (!style) return 0;
  const known = keyByStyle.get(style);
  if (known !== undefined) return known;
  let key = 0;
  if (style.bold) key |= BOLD;
  if (style.dim) key |= DIM;
  if (style.italic) key |= ITALIC;
  if (style.underline) key |= UNDERLINE;
  if (style.inverse) key |= INVERSE;
  const fg = style.fg === undefined ? undefined : colorIndex.get(style.fg);
  const bg = style.bg === undefined ? undefined : colorIndex.get(style.bg);
  if (fg !== undefined) key = withFg(key, fg);
  if (bg !== undefined) key = withBg(key, bg);
  return key;
}

export const PLAIN: Style = styleOfKey(0);
