import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { ThemeContext, createTheme } from '../theme.js';
import { Prompt } from './Prompt.js';

afterEach(() => {
  cleanup();
});

const noColor = createTheme({ NO_COLOR: '1' });

function frameOf(lastFrame: () => string | undefined): string {
  return (lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
}

/** Poll a condition with a deadline: tests wait on state, never on a fixed sleep. */
async function waitFor(condition: () => boolean, what: string, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

function setup(props: { error?: string; hint?: string } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const tree = (p: { error?: string; hint?: string }) => (
    <ThemeContext.Provider value={noColor}>
      <Prompt label="Ref:" initial="main" onSubmit={onSubmit} onCancel={onCancel} {...p} />
    </ThemeContext.Provider>
  );
  const app = render(tree(props));
  // Typing before useInput has subscribed would be lost: wait for Ink to start reading stdin.
  const ready = waitFor(() => app.stdin.listenerCount('readable') > 0, 'stdin to be read');
  // One character per write, each waited for until it is echoed, so a failure names the key that
  // went wrong. (Prompt keeps keys that arrive faster than renders: text-edit.ts applies each to
  // the latest value, not to the last render's.)
  const type = async (text: string) => {
    for (const ch of text) {
      const before = frameOf(app.lastFrame);
      app.stdin.write(ch);
      await waitFor(() => frameOf(app.lastFrame) !== before, `"${ch}" to be echoed`);
    }
  };
  return { ...app, onSubmit, onCancel, ready, type, rerenderWith: (p: { error?: string; hint?: string }) => app.rerender(tree(p)) };
}

describe('Prompt', () => {
  it('starts with the initial value and shows the hint', async () => {
    const { lastFrame, ready } = setup({ hint: 'Enter to run, Esc to cancel' });
    await ready;
    const frame = frameOf(lastFrame);
    expect(frame).toContain('Ref: main');
    expect(frame).toContain('Enter to run, Esc to cancel');
  });

  it('keeps typed text across a re-render with an error, then submits it', async () => {
    const { lastFrame, ready, type, rerenderWith, stdin, onSubmit } = setup();
    await ready;
    await type('-x');
    expect(frameOf(lastFrame)).toContain('Ref: main-x');

    rerenderWith({ error: 'Reference not found' });
    expect(frameOf(lastFrame)).toContain('Ref: main-x');
    expect(frameOf(lastFrame)).toContain('✖ Reference not found');

    await type('y');
    expect(frameOf(lastFrame)).toContain('Ref: main-xy');
    stdin.write('\r');
    await waitFor(() => onSubmit.mock.calls.length > 0, 'onSubmit');
    expect(onSubmit).toHaveBeenCalledWith('main-xy');
  });

  it('cancels on Escape without changing the value', async () => {
    const { lastFrame, ready, stdin, onCancel, onSubmit } = setup();
    await ready;
    stdin.write('\x1b');
    await waitFor(() => onCancel.mock.calls.length > 0, 'onCancel');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(frameOf(lastFrame)).toContain('Ref: main');
  });

  it('sanitizes the error text', async () => {
    const { lastFrame, ready, rerenderWith } = setup();
    await ready;
    rerenderWith({ error: 'bad\x1b]52;c;eA==\x07 ref' });
    expect(frameOf(lastFrame)).toContain('✖ bad ref');
    expect(lastFrame()).not.toContain('\x07');
  });
});
