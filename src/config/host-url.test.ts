import { describe, expect, it } from 'vitest';
import { normalizeHostUrl, withoutSecret } from './host-url.js';

describe('normalizeHostUrl', () => {
  it.each([
    ['gitlab.example.com', 'https://gitlab.example.com'],
    ['GitLab.Example.com', 'https://gitlab.example.com'],
    ['https://gitlab.example.com/', 'https://gitlab.example.com'],
    ['http://gitlab.local', 'http://gitlab.local'],
    ['http://127.0.0.1:8929/api/v4', 'http://127.0.0.1:8929'],
    ['https://gitlab.example.com/api/v4/', 'https://gitlab.example.com'],
    ['gitlab.example.com:8443', 'https://gitlab.example.com:8443'],
    ['https://example.com/gitlab/', 'https://example.com/gitlab'],
    ['https://example.com/gitlab/api/v4', 'https://example.com/gitlab'],
    ['  gitlab.com  ', 'https://gitlab.com'],
  ])('%j → %s', (raw, url) => {
    expect(normalizeHostUrl(raw, '--host')).toEqual({ ok: true, url });
  });

  it.each([
    ['ftp://gitlab.example.com', /only http/],
    ['', /empty/],
    ['gitlab example.com', /cannot parse/],
    ['https://user:secret@gitlab.example.com', /password/],
    ['https://gitlab.example.com/?x=1', /query/],
  ])('rejects %j naming the value', (raw, why) => {
    const result = normalizeHostUrl(raw, 'GITLAB_HOST');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toMatch(why);
      expect(result.message).toContain(`"${withoutSecret(raw)}"`);
      expect(result.message).toContain('GITLAB_HOST');
    }
  });
});

describe('a URL with credentials', () => {
  it('is refused without printing the password (or a lone user part, which may be a token)', () => {
    const cases: [string, string][] = [
      ['http://bob:hunter2@gitlab.example.com', '"http://bob:***@gitlab.example.com"'],
      ['https://bob:hun:ter@2@gitlab.example.com/api/v4', '"https://bob:***@gitlab.example.com/api/v4"'],
      ['bob:hunter2@gitlab.example.com', '"bob:***@gitlab.example.com"'],
      ['https://glpat-abcdef123456@gitlab.example.com', '"https://***@gitlab.example.com"'],
      ['ftp://bob:hunter2@gitlab.example.com', '"ftp://bob:***@gitlab.example.com"'],
    ];
    for (const [raw, shown] of cases) {
      const r = normalizeHostUrl(raw, '--host');
      expect(r.ok).toBe(false);
      const message = (r as { message: string }).message;
      expect(message).toContain(shown);
      expect(message).not.toMatch(/hunter2|hun:ter|abcdef123456/);
    }
    expect(withoutSecret('gitlab.example.com/a@b')).toBe('gitlab.example.com/a@b');
  });
});
