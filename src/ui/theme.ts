// Semantic colours, so panes say "error" or "muted" rather than "red". Only the 16 basic ANSI
// colour names: users sit in tmux over SSH, where truecolor and 256 colours can't be assumed.
// NO_COLOR (https://no-color.org) and TERM=dumb turn every colour off; the status icons and labels
// still carry the meaning, and inverse/bold stay (they are attributes, not colours).
import { createContext, useContext } from 'react';
import { colorWanted } from '../lib/color.js';
import { statusLook } from '../lib/status.js';
import { safeText } from '../text/safe.js';

export interface StatusStyle {
  icon: string;
  label: string;
  color: string | undefined;
}

export interface Theme {
  color: boolean;
  accent: string | undefined;
  muted: string | undefined;
  error: string | undefined;
  warning: string | undefined;
  success: string | undefined;
  selection: { inverse: boolean };
  status(status: string): StatusStyle;
}

type Colour = 'green' | 'red' | 'yellow' | 'blue' | 'cyan' | 'magenta' | 'gray' | 'white';

export { colorWanted };

export function createTheme(env: Record<string, string | undefined> = process.env): Theme {
  const color = colorWanted(env);
  const pick = (name: Colour | undefined): string | undefined => (color ? name : undefined);
  return {
    color,
    accent: pick('cyan'),
    muted: pick('gray'),
    error: pick('red'),
    warning: pick('yellow'),
    success: pick('green'),
    selection: { inverse: true },
    status(status: string): StatusStyle {
      const known = statusLook(status);
      if (known) return { icon: known.icon, label: known.label, color: pick(known.color) };
      // A status GitLab adds tomorrow is shown as-is (sanitized) rather than crashing or hiding it.
      return { icon: '?', label: safeText(status, 24) || 'unknown', color: undefined };
    },
  };
}

export const ThemeContext = createContext<Theme>(createTheme());

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
