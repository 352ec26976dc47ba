import { describe, expect, it } from 'vitest';
import { normalizeHostUrl } from './host-url.js';

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
      expect(result.message).toContain(`"${raw}"`);
      expect(result.message).toContain('GITLAB_HOST');
    }
  });
});
