import { describe, expect, it } from 'vitest';
import { edit, type EditState } from './text-edit.js';

const type = (state: EditState, text: string): EditState => {
  let s = state;
  for (const ch of text) {
    const r = edit(s, ch, {});
    if (r && 'value' in r) s = r;
  }
  return s;
};

describe('text-edit', () => {
  it('keeps every key of a burst, applied in order to the latest state', () => {
    expect(type({ value: '', cursor: 0 }, 'status=broken').value).toBe('status=broken');
  });
  it('edits at the cursor: left, insert, backspace (DEL), home/end, ctrl+w, ctrl+u', () => {
    let s = type({ value: '', cursor: 0 }, 'main');
    s = edit(s, '', { leftArrow: true }) as EditState;
    s = edit(s, '', { leftArrow: true }) as EditState;
    s = edit(s, 'X', {}) as EditState;
    expect(s).toEqual({ value: 'maXin', cursor: 3 });
    s = edit(s, '', { delete: true }) as EditState;
    expect(s).toEqual({ value: 'main', cursor: 2 });
    s = edit(s, 'a', { ctrl: true }) as EditState;
    expect(s.cursor).toBe(0);
    s = edit(s, 'e', { ctrl: true }) as EditState;
    s = type(s, ' two words');
    s = edit(s, 'w', { ctrl: true }) as EditState;
    expect(s.value).toBe('main two ');
    s = edit(s, 'u', { ctrl: true }) as EditState;
    expect(s).toEqual({ value: '', cursor: 0 });
  });
  it('submits, cancels, and never lets control characters in', () => {
    expect(edit({ value: 'x', cursor: 1 }, '', { return: true })).toEqual({ submit: 'x' });
    expect(edit({ value: 'x', cursor: 1 }, '', { escape: true })).toEqual({ cancel: true });
    expect(edit({ value: '', cursor: 0 }, '\u001b]52;c;aGk=\u0007ok', {})).toEqual({ value: ']52;c;aGk=ok', cursor: 12 });
    expect(edit({ value: 'a', cursor: 1 }, '', { upArrow: true })).toBeNull();
  });
});
