import { describe, expect, it } from 'vitest';
import { applied, changeCount, linesOf, maskedLine, parseVarLine, tidyLines, varChanges, varLineErrors } from './schedule-vars.js';

const smoke = { variable_type: 'env_var', key: 'SMOKE_TARGET', value: 'staging', raw: false };
const cert = { variable_type: 'file', key: 'CERT', value: 'PEM', raw: false };

describe('schedule variables as lines', () => {
  it('writes each variable as a line, file ones with file:, and an empty line to type the next', () => {
    expect(linesOf([smoke, cert])).toEqual(['SMOKE_TARGET=staging', 'file:CERT=PEM', '']);
    expect(linesOf([])).toEqual(['']);
  });

  it("reads a line as GitLab's key rule allows, and says what is wrong otherwise", () => {
    expect(parseVarLine('  ')).toBeNull();
    expect(parseVarLine('A=b=c')).toEqual({ entry: { key: 'A', value: 'b=c', variable_type: 'env_var' } });
    expect(parseVarLine('file:KUBE=apiVersion: v1')).toEqual({ entry: { key: 'KUBE', value: 'apiVersion: v1', variable_type: 'file' } });
    expect(parseVarLine('A=')).toEqual({ entry: { key: 'A', value: '', variable_type: 'env_var' } });
    expect(parseVarLine('NOEQUALS')).toEqual({ error: 'type KEY=value (file:KEY=value for a file variable)' });
    expect(parseVarLine('MY-KEY=x')).toEqual({ error: "a key has letters, digits and '_' only" });
    expect(parseVarLine(`${'K'.repeat(256)}=x`)).toEqual({ error: 'a key has at most 255 characters' });
    expect(parseVarLine('A\u200b=x')).toMatchObject({ error: expect.stringContaining('hidden character') });
    expect(varLineErrors(['A=1', 'bad line', 'A=2', ''])).toEqual({ 1: 'type KEY=value (file:KEY=value for a file variable)', 2: 'A is given twice' });
  });

  it('sends the difference: deletions, then changes (value or type), then additions; a renamed key is both', () => {
    const changes = varChanges([smoke, cert], ['SMOKE_TARGET=production', 'CERTIFICATE=PEM', 'NEW=1', '']);
    expect(changes.remove).toEqual(['CERT']);
    expect(changes.edit).toEqual([{ entry: { key: 'SMOKE_TARGET', value: 'production', variable_type: 'env_var' }, line: 0 }]);
    expect(changes.add.map((a) => a.entry.key)).toEqual(['CERTIFICATE', 'NEW']);
    expect(changeCount(varChanges([smoke, cert], linesOf([smoke, cert])))).toBe(0);
    expect(varChanges([cert], ['CERT=PEM']).edit).toEqual([{ entry: { key: 'CERT', value: 'PEM', variable_type: 'env_var' }, line: 0 }]);
  });

  it('keeps what GitLab took, so a retry sends only the rest', () => {
    const after = applied(applied([smoke, cert], { removed: 'CERT' }), { saved: { ...smoke, value: 'prod' } });
    expect(after).toEqual([{ ...smoke, value: 'prod' }]);
    expect(applied(after, { saved: cert })).toEqual([{ ...smoke, value: 'prod' }, cert]);
  });

  it('shows a value as dots, and keeps one empty line at the end', () => {
    expect(maskedLine('TOKEN=glpat-123456789')).toBe('TOKEN=••••••••');
    expect(maskedLine('A=x')).toBe('A=•••');
    expect(maskedLine('A=')).toBe('A=');
    expect(tidyLines(['A=1', '', 'B=2', '', ''], [3, 0, 3, 0, 0], 4)).toEqual({ lines: ['A=1', 'B=2', ''], cursors: [3, 3, 0], focus: 2 });
    expect(tidyLines(['A=1'], [3], null)).toEqual({ lines: ['A=1', ''], cursors: [3, 0], focus: null });
  });
});
