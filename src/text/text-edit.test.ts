import { describe, expect, it } from 'vitest';
import { edit, firstLine, insert, type EditCommand, type EditState } from './text-edit.js';

const type = (state: EditState, text: string): EditState => {
  let s = state;
  for (const ch of text) s = insert(s, ch) ?? s;
  return s;
};
const run = (s: EditState, command: EditCommand) => edit(s, command) as EditState;

describe('text-edit', () => {
  it('keeps every key of a burst, applied in order to the latest state', () => {
    expect(type({ value: '', cursor: 0 }, 'status=broken').value).toBe('status=broken');
  });
  it('edits at the cursor: left, insert, backspace, delete, home/end, ctrl+w, ctrl+u, ctrl+k', () => {
    let s = type({ value: '', cursor: 0 }, 'main');
    s = run(run(s, 'edit.left'), 'edit.left');
    s = insert(s, 'X')!;
    expect(s).toEqual({ value: 'maXin', cursor: 3 });
    s = run(s, 'edit.backspace');
    expect(s).toEqual({ value: 'main', cursor: 2 });
    s = run(s, 'edit.delete');
    expect(s).toEqual({ value: 'man', cursor: 2 });
    s = run(s, 'edit.home');
    expect(s.cursor).toBe(0);
    s = run(s, 'edit.end');
    s = type(s, ' two words');
    s = run(s, 'edit.deleteWord');
    expect(s.value).toBe('man two ');
    s = run(run(s, 'edit.home'), 'edit.right');
    expect(run(s, 'edit.clearAfter')).toEqual({ value: 'm', cursor: 1 });
    s = run(s, 'edit.clearBefore');
    expect(s).toEqual({ value: 'an two ', cursor: 0 });
    expect(edit({ value: '', cursor: 0 }, 'edit.backspace')).toBeNull();
  });
  it('submits, cancels, and never lets control characters in', () => {
    expect(edit({ value: 'x', cursor: 1 }, 'edit.submit')).toEqual({ submit: 'x' });
    expect(edit({ value: 'x', cursor: 1 }, 'edit.cancel')).toEqual({ cancel: true });
    expect(insert({ value: '', cursor: 0 }, '\u001b]52;c;aGk=\u0007ok')).toEqual({ value: ']52;c;aGk=ok', cursor: 12 });
    expect(insert({ value: 'a', cursor: 1 }, '\u001b')).toBeNull();
  });
  it('keeps the first line of a multi-line paste and counts the rest', () => {
    expect(firstLine('main')).toEqual({ text: 'main', droppedLines: 0 });
    expect(firstLine('\nfeature/x\r\nrm -rf /\n\n')).toEqual({ text: 'feature/x', droppedLines: 1 });
  });
});
