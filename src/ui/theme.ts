// Semantic colours, so panes say "error" or "muted" rather than "red". Only the 16 basic ANSI
// colour names: users sit in tmux over SSH, where truecolor and 256 colours can't be assumed.
// NO_COLOR (https://no-color.org) and TERM=dumb turn every colour off; the status icons and labels
// still carry the meaning, and inverse/bold stay (they are attributes, not colours).
import { createContext, useContext } from 'react';
import { colorWanted } from '../lib/color.js';
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

// GitLab job, pipeline and deployment statuses. Glyphs are single-cell, in DejaVu Sans Mono,
// Menlo and Consolas, and differ in shape, so they read without colour too.
const STATUSES: Record<string, { icon: string; label: string; color: Colour | undefined }> = {
  success: { icon: '✔', label: 'passed', color: 'green' },
  failed: { icon: '✖', label: 'failed', color: 'red' },
  running: { icon: '●', label: 'running', color: 'blue' },
  started: { icon: '●', label: 'started', color: 'blue' },
  pending: { icon: '◔', label: 'pending', color: 'yellow' },
  waiting_for_resource: { icon: '◔', label: 'waiting', color: 'yellow' },
  waiting_for_callback: { icon: '◔', label: 'waiting', color: 'yellow' },
  preparing: { icon: '◔', label: 'preparing', color: 'yellow' },
  created: { icon: '○', label: 'created', color: 'gray' },
  canceled: { icon: '⊘', label: 'canceled', color: 'gray' },
  canceling: { icon: '⊘', label: 'canceling', color: 'gray' },
  skipped: { icon: '»', label: 'skipped', color: 'gray' },
  manual: { icon: '⚙', label: 'manual', color: 'magenta' },
  scheduled: { icon: '◷', label: 'scheduled', color: 'magenta' },
  blocked: { icon: '◆', label: 'blocked', color: 'yellow' },
};

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
      // hasOwn: a status of "constructor" or "__proto__" must not find Object.prototype members.
      const key = typeof status === 'string' ? status : '';
      const known = Object.hasOwn(STATUSES, key) ? STATUSES[key] : undefined;
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
