import { describe, expect, it } from 'vitest';
import { THEME_NAMES } from '../config/user-config.js';
import { createTheme } from './theme.js';
import { createNamedTheme, PALETTES } from './themes.js';

describe('createNamedTheme', () => {
  it('dark is today’s theme', () => {
    const dark = createNamedTheme('dark', {});
    const today = createTheme({});
    expect({ ...dark, status: undefined }).toEqual({ ...today, status: undefined });
    for (const status of ['success', 'failed', 'running', 'pending', 'manual', 'canceled', 'new-thing'])
      expect(dark.status(status)).toEqual(today.status(status));
  });

  it('every theme names a palette, and light avoids yellow and cyan', () => {
    expect(Object.keys(PALETTES).sort()).toEqual([...THEME_NAMES].sort());
    const light = createNamedTheme('light', {});
    expect(light.warning).toBe('magenta');
    expect(light.accent).toBe('blue');
    expect(light.status('pending')).toMatchObject({ icon: '◔', label: 'pending', color: 'magenta' });
    expect(createNamedTheme('high-contrast', {}).status('canceled').color).toBe('white');
  });

  it('NO_COLOR and TERM=dumb mean no colour in any theme; icons and labels stay', () => {
    for (const env of [{ NO_COLOR: '1' }, { TERM: 'dumb' }]) {
      for (const name of THEME_NAMES) {
        const theme = createNamedTheme(name, env);
        expect(theme.color).toBe(false);
        expect([theme.accent, theme.muted, theme.error, theme.warning, theme.success]).toEqual([undefined, undefined, undefined, undefined, undefined]);
        expect(theme.status('failed')).toEqual({ icon: '✖', label: 'failed', color: undefined });
      }
    }
    // An empty NO_COLOR is not set (no-color.org).
    expect(createNamedTheme('light', { NO_COLOR: '' }).color).toBe(true);
  });
});
