// The field draws ink-text-input: a value that fits starts at the left; a longer one shows its end,
// where one types, cut at the start (as the prompt did before it was ink-text-input).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { ThemeContext, createTheme } from '../theme.js';
import { Prompt } from './Prompt.js';

afterEach(() => {
  cleanup();
});

const plain = (frame: string | undefined) => (frame ?? '').replace(/\x1b\[[0-9;]*m/g, '');

function frameOf(value: string, width: number): string {
  const { lastFrame } = render(
    <ThemeContext.Provider value={createTheme({ NO_COLOR: '1' })}>
      <Prompt label=":" value={value} cursor={value.length} width={width} hint="a hint" />
    </ThemeContext.Provider>,
  );
  return plain(lastFrame());
}

describe('LineField', () => {
  it('a value that fits is drawn from the left, on one line', () => {
    const lines = frameOf('project acme/api', 40).split('\n');
    expect(lines[0]!.trimEnd()).toBe(': project acme/api');
    expect(lines[1]).toContain('a hint');
  });

  it('a value wider than the room keeps its end in view, on one line', () => {
    const value = `artifacts ${'x'.repeat(60)} the-end`;
    const lines = frameOf(value, 40).split('\n');
    expect(lines[0]!.startsWith(': ')).toBe(true);
    expect(lines[0]!.trimEnd().endsWith('the-end')).toBe(true);
    expect(lines[0]!.length).toBeLessThanOrEqual(40);
    expect(lines[1]).toContain('a hint');
  });
});
