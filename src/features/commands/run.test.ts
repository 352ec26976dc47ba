import { describe, expect, it } from 'vitest';
import { safeText } from '../../text/safe.js';
import { pagerOutput, toastOutput } from './run.js';

const MiB = 1024 * 1024;

describe('what a command wrote, when the bound cut it', () => {
  it('the pager says the output was cut, and how much was kept', () => {
    const kept = 'abc\n'.repeat(MiB);
    const text = pagerOutput('big', { stdout: kept, stdoutBytes: 750 * MiB });
    expect(text.split('\n')[0]).toBe('[pipetop] big wrote 750M; this is its last 4M (the rest was not kept)');
    expect(text.endsWith(kept)).toBe(true);
    // Nothing cut: no note.
    expect(pagerOutput('small', { stdout: 'one\ntwo\n', stdoutBytes: 8 })).toBe('one\ntwo\n');
  });

  it('a toast of one huge line says it shows the start of its end', () => {
    const kept = 'x'.repeat(4 * MiB);
    expect(toastOutput('long', { stdout: kept, stdoutBytes: 3 * 1024 * MiB })).toBe(
      `long: ${safeText(kept, 300)} (the start of the last 4M of a line; it wrote 3G)`,
    );
  });

  it('a toast of a line longer than it shows, or of nothing printable, says so; a short one is the line', () => {
    const line = 'y'.repeat(1000);
    expect(toastOutput('wide', { stdout: `${line}\n`, stdoutBytes: 1001 })).toBe(
      `wide: ${safeText(line, 300)} (the first 300 of 1,000 characters of its last line)`,
    );
    expect(toastOutput('nul', { stdout: '\u0000'.repeat(10), stdoutBytes: 10 })).toBe('nul done (its last line has nothing printable)');
    expect(toastOutput('none', { stdout: '', stdoutBytes: 0 })).toBe('none done (no output)');
    expect(toastOutput('ok', { stdout: 'first\nthe last line\n', stdoutBytes: 20 })).toBe('ok: the last line');
  });
});
