import { describe, expect, it } from 'vitest';
import { bindingName, makeKey, parseKeySpec } from './key.js';

describe('parseKeySpec', () => {
  it('turns what users write into the bindings table’s key names', () => {
    const cases: [string, string | null][] = [
      ['R', 'R'],
      ['r', 'r'],
      ['ctrl+r', 'ctrl+r'],
      ['Ctrl+R', 'ctrl+r'],
      ['C+x', 'ctrl+x'],
      ['shift+g', 'G'],
      ['shift+tab', 'shift+tab'],
      ['esc', 'escape'],
      ['Escape', 'escape'],
      ['pgdn', 'pagedown'],
      ['PageUp', 'pageup'],
      [' ', 'space'],
      ['space', 'space'],
      ['ctrl+space', 'ctrl+space'],
      ['alt+x', 'alt+x'],
      ['meta+x', 'alt+x'],
      ['F5', 'f5'],
      ['ctrl+up', 'ctrl+up'],
      ['+', '+'],
      ['ctrl++', null],
      ['?', '?'],
      [':', ':'],
      ['é', 'é'],
      ['ctrl+', null],
      ['', null],
      ['hyper+x', null],
      ['ctrl+1', null],
      ['jj', null],
      ['\x1b', null],
      ['enter', 'enter'],
      ['return', 'enter'],
      ['shift+1', null],
      ['shift+é', 'É'],
      ['😀', '😀'],
      ['7', '7'],
      // Invisible: the footer showed an empty (or reordered) key for them.
      ['\u202e', null],
      ['\u00ad', null],
      ['\u200b', null],
      ['\u200d', null],
      ['\u00a0', null],
      ['\u0301', null],
      ['\ue000', null],
      ['alt+\u202e', null],
    ];
    for (const [spec, name] of cases) expect(parseKeySpec(spec), JSON.stringify(spec)).toBe(name);
  });
});

describe('bindingName', () => {
  it('writes modifiers in a fixed order and shift only for named keys', () => {
    expect(bindingName(makeKey('up', '\x1b[1;8A', { ctrl: true, alt: true, shift: true }))).toBe('ctrl+alt+shift+up');
    expect(bindingName(makeKey('G', 'G', { shift: true }))).toBe('G');
    expect(bindingName(makeKey('c', '\x03', { ctrl: true }))).toBe('ctrl+c');
  });
});
