import { describe, expect, it } from 'vitest';
import { cutAtWord, sentences, wrapWords } from './words.js';

describe('cutAtWord', () => {
  it('keeps what fits, cuts at the last space (or between " · " parts) with …', () => {
    expect(cutAtWord('Allow failure', 20)).toBe('Allow failure');
    expect(cutAtWord('fbda4fcf Use structured logging everywhere', 30)).toBe('fbda4fcf Use structured…');
    expect(cutAtWord('a=1 · bb=2 · ccc=3 · dddd=4', 16)).toBe('a=1 · bb=2 …');
  });
  it('cuts inside one long word rather than leave almost nothing', () => {
    expect(cutAtWord('sha256:abcdefghijklmnopqrstuvwxyz', 10)).toBe('sha256:ab…');
    expect(cutAtWord('x sha256:abcdefghijklmnopqrstuvwxyz', 10)).toBe('x sha256:…');
    expect(cutAtWord('anything', 0)).toBe('');
  });
});

describe('wrapWords', () => {
  it('breaks at spaces; a word wider than a line is cut', () => {
    expect(wrapWords('Filter the list (type to narrow, enter to keep, esc to clear)', 24)).toEqual([
      'Filter the list (type to',
      'narrow, enter to keep,',
      'esc to clear)',
    ]);
    expect(wrapWords('abcdefghij', 5)).toEqual(['abcd…']);
    expect(wrapWords('', 5)).toEqual(['']);
  });
});

describe('sentences', () => {
  it('ends each part with one full stop', () => {
    expect(sentences('GitLab said: Token is expired. You can do token refresh.', 'Check the token')).toBe(
      'GitLab said: Token is expired. You can do token refresh. Check the token.',
    );
    expect(sentences('refused (401): 401 Unauthorized', 'Check the token')).toBe('refused (401): 401 Unauthorized. Check the token.');
  });
});
