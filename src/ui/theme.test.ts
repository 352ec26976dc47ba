// The default theme's colour switch: TERM=dumb and NO_COLOR turn colour off.
import { expect, it } from 'vitest';
import { colorWanted, createTheme } from './theme.js';

it('TERM=dumb and NO_COLOR turn every colour off; bold/inverse and the status words stay', () => {
  for (const env of [{ TERM: 'dumb' }, { NO_COLOR: '1', TERM: 'xterm-256color' }]) {
    const theme = createTheme(env);
    expect(colorWanted(env)).toBe(false);
    expect(theme.color).toBe(false);
    expect([theme.accent, theme.muted, theme.error, theme.warning, theme.success, theme.status('failed').color]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(theme.status('failed')).toMatchObject({ icon: '✖', label: 'failed' });
    expect(theme.selection.inverse).toBe(true);
  }
});

it('colour otherwise (an empty NO_COLOR does not count)', () => {
  for (const env of [{ TERM: 'xterm-256color' }, { TERM: 'screen', NO_COLOR: '' }, {}]) {
    expect(createTheme(env).color).toBe(true);
    expect(createTheme(env).error).toBe('red');
  }
});
