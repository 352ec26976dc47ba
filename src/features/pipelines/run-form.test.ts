import { describe, expect, it } from 'vitest';
import { formRequest, inferInput, lineErrors, newPipelineForm, parseEntry, runFormKey, runFormPaste, serverErrorsOf, type RunFormState } from './run-form.js';

const withLines = (lines: string[]): RunFormState => ({ ...newPipelineForm(1, 'g/p', 'main'), lines, cursors: lines.map((l) => l.length) });

describe('run form entries', () => {
  it('infers input types as a person types them', () => {
    expect(inferInput('3')).toBe(3);
    expect(inferInput('-1.5')).toBe(-1.5);
    expect(inferInput('true')).toBe(true);
    expect(inferInput('[eu-west-1, us-east-1]')).toEqual(['eu-west-1', 'us-east-1']);
    expect(inferInput('["a","b"]')).toEqual(['a', 'b']);
    expect(inferInput('"3"')).toBe('3');
    expect(inferInput('canary')).toBe('canary');
  });

  it('reads KEY=value, file:KEY=value and input:name=value; values keep their spaces and = signs', () => {
    expect(parseEntry('A=b=c ', 'pipeline')).toEqual({ entry: { kind: 'variable', key: 'A', value: 'b=c ', variable_type: 'env_var' } });
    expect(parseEntry('file:CFG=x', 'pipeline')).toEqual({ entry: { kind: 'variable', key: 'CFG', value: 'x', variable_type: 'file' } });
    expect(parseEntry('input:replicas=2', 'pipeline')).toEqual({ entry: { kind: 'input', name: 'replicas', value: 2 } });
    expect(parseEntry('   ', 'pipeline')).toBeNull();
    expect(parseEntry('NOEQUALS', 'pipeline')).toEqual({ error: 'type KEY=value' });
    expect(parseEntry('input:x=1', 'job')).toMatchObject({ error: expect.stringContaining('new pipeline') });
    expect(lineErrors(withLines(['A=1', 'A=2', '']))).toEqual({ 1: 'A is given twice' });
    expect(formRequest(withLines(['A=1', 'file:B=2', 'input:dry_run=false', '']))).toEqual({
      variables: [
        { key: 'A', value: '1', variable_type: 'env_var' },
        { key: 'B', value: '2', variable_type: 'file' },
      ],
      jobVariables: [
        { key: 'A', value: '1' },
        { key: 'B', value: '2' },
      ],
      inputs: { dry_run: false },
    });
  });

  it("puts GitLab's 400 beside the lines it names, the rest under the form", () => {
    const f = withLines(['A=1', 'input:replicas=x', 'input:colour=blue', '']);
    const server = serverErrorsOf(f, [
      '`replicas` input: provided value is not a number, unknown input arguments: colour, size',
      'variables[0][value] is missing',
    ]);
    expect(server.lines).toEqual({
      0: 'GitLab: variables[0][value] is missing',
      1: 'GitLab: provided value is not a number',
      2: 'GitLab: not an input this project declares',
    });
    expect(server.base).toEqual(['GitLab: unknown input arguments: colour, size']);
    expect(serverErrorsOf(f, ['Reference not found']).ref).toBe('GitLab: Reference not found');
  });

  it('keeps one empty line at the end to type the next entry', () => {
    let f = newPipelineForm(1, 'g/p', 'main');
    // Keys as the keymap resolves them in the form: Tab is form.next, Enter form.submit.
    f = (runFormKey(f, 'form.next', undefined) as { form: RunFormState }).form;
    f = (runFormKey(f, null, 'A=1') as { form: RunFormState }).form;
    expect(f.lines).toEqual(['A=1', '']);
    f = (runFormKey(f, 'form.next', undefined) as { form: RunFormState }).form;
    expect(f.focus).toBe(1);
    expect(runFormKey(f, 'form.submit', undefined)).toEqual({ submit: f });
  });

  it('takes a multi-line paste as several lines; into the ref, its first line', () => {
    let f = newPipelineForm(1, 'g/p', 'main');
    f = runFormPaste(f, '-next\nignored');
    expect(f.ref).toBe('main-next');
    f = (runFormKey(f, 'form.next', undefined) as { form: RunFormState }).form;
    f = runFormPaste(f, 'A=1\nB=2\n');
    expect(f.lines).toEqual(['A=1', 'B=2', '']);
  });
});

// Typed input values keep their text unless it is exactly a JSON number.
describe('inputs keep their text', () => {
  it('sends a number only when the number is exactly the text', () => {
    expect(inferInput('12')).toBe(12);
    expect(inferInput('0.25')).toBe(0.25);
    expect(inferInput('1.10')).toBe('1.10');
    expect(inferInput('007')).toBe('007');
    expect(inferInput('-0')).toBe('-0');
    expect(inferInput('12345678901234567890')).toBe('12345678901234567890');
    expect(inferInput(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(inferInput(String(Number.MAX_SAFE_INTEGER + 1))).toBe(String(Number.MAX_SAFE_INTEGER + 1));
  });

  it('GitLab\'s "is not a number" on such a line says why it went as text', () => {
    const form = { ...newPipelineForm(1, 'a/b', 'main'), lines: ['input:replicas=12345678901234567890', 'input:ratio=1.10', 'input:n=x', ''] };
    const server = serverErrorsOf(form, [
      '`replicas` input: provided value is not a number, `ratio` input: provided value is not a number, `n` input: provided value is not a number',
    ]);
    expect(server.lines[0]).toBe(
      'GitLab: provided value is not a number (12345678901234567890 is beyond 2^53: as a JSON number it would become 12345678901234567000, so pipetop does not send it as one)',
    );
    expect(server.lines[1]).toBe('GitLab: provided value is not a number (sent as the text "1.10"; type 1.1 to send a number)');
    expect(server.lines[2]).toBe('GitLab: provided value is not a number');
  });

  it('a line holding a character it cannot show is refused, never sent', () => {
    const form = { ...newPipelineForm(1, 'a/b', 'main'), lines: ['A=pro\u202ed', 'input:x=\u200by', 'B=ok', ''] };
    expect(lineErrors(form)).toEqual({
      0: 'holds a hidden character (U+202E) that is not shown: delete it',
      1: 'holds a hidden character (U+200B) that is not shown: delete it',
    });
    expect(formRequest(form).variables).toEqual([{ key: 'B', value: 'ok', variable_type: 'env_var' }]);
  });
});
