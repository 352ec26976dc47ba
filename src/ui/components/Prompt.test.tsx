// The prompt only draws what the store holds (the controller edits it key by key: see
// src/store/modal-keys.ts and test/app/input-bursts.test.tsx).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { ThemeContext, createTheme } from '../theme.js';
import { Prompt, type PromptProps } from './Prompt.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });

function frameOf(props: Partial<PromptProps>): string {
  const { lastFrame } = render(
    <ThemeContext.Provider value={noColor}>
      <Prompt label="Ref:" value="main" cursor={4} {...props} />
    </ThemeContext.Provider>,
  );
  return (lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
}

describe('Prompt', () => {
  it('shows the value and the hint', () => {
    const frame = frameOf({ hint: 'Enter to run, Esc to cancel' });
    expect(frame).toContain('Ref: main');
    expect(frame).toContain('Enter to run, Esc to cancel');
  });

  it('shows an error instead of the hint, sanitized', () => {
    const frame = frameOf({ hint: 'a hint', error: 'bad\x1b]52;c;eA==\x07 ref' });
    expect(frame).toContain('✖ bad ref');
    expect(frame).not.toContain('a hint');
    expect(frame).not.toContain('\x07');
  });
});
