// Named themes over the semantic theme of theme.ts: the same roles (accent, muted, error, status
// colours…), painted for a dark background (the default, today's colours), a light one, or for
// high contrast. Still only the 16 basic ANSI colours and their bright variants (tmux over SSH).
// No colour at all when NO_COLOR is set (https://no-color.org) or TERM=dumb: the status icons
// and labels carry the meaning on their own.
import type { ThemeName } from '../config/user-config.js';
import { colorWanted } from '../lib/color.js';
import { createTheme, type StatusStyle, type Theme } from './theme.js';

/** A theme paints each colour name theme.ts uses with a colour of its own. */
export type Palette = Record<'green' | 'red' | 'yellow' | 'blue' | 'cyan' | 'magenta' | 'gray' | 'white', string>;

export const PALETTES: Record<ThemeName, Palette> = {
  dark: { green: 'green', red: 'red', yellow: 'yellow', blue: 'blue', cyan: 'cyan', magenta: 'magenta', gray: 'gray', white: 'white' },
  // Yellow and cyan are unreadable on white; gray stays (it is dark grey on most light schemes).
  // Running and manual then share blue: their icons (● ⚙) and labels still tell them apart.
  light: { green: 'green', red: 'red', yellow: 'magenta', blue: 'blue', cyan: 'blue', magenta: 'blue', gray: 'gray', white: 'black' },
  // Bright variants, and white instead of gray, which many terminals draw too dim to read.
  'high-contrast': {
    green: 'greenBright',
    red: 'redBright',
    yellow: 'yellowBright',
    blue: 'blueBright',
    cyan: 'cyanBright',
    magenta: 'magentaBright',
    gray: 'white',
    white: 'whiteBright',
  },
};

export function createNamedTheme(name: ThemeName, env: Record<string, string | undefined> = process.env): Theme {
  const color = colorWanted(env);
  // theme.ts's own theme with colour on: its icons, labels and colour names, repainted here.
  const base = createTheme({});
  const palette = Object.hasOwn(PALETTES, name) ? PALETTES[name] : PALETTES.dark;
  const paint = (colour: string | undefined): string | undefined => (color && colour !== undefined ? (palette[colour as keyof Palette] ?? colour) : undefined);
  return {
    color,
    accent: paint(base.accent),
    muted: paint(base.muted),
    error: paint(base.error),
    warning: paint(base.warning),
    success: paint(base.success),
    selection: { ...base.selection },
    status(status: string): StatusStyle {
      const style = base.status(status);
      return { ...style, color: paint(style.color) };
    },
  };
}
