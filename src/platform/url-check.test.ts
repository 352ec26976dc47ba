import { describe, expect, it } from 'vitest';
import { checkWebUrl } from './url-check.js';

const gitlab = { gitlabOrigin: 'https://gitlab.example.com' };

describe('checkWebUrl', () => {
  it('accepts a plain page URL on the GitLab host', () => {
    expect(checkWebUrl('https://gitlab.example.com/acme/api/-/pipelines/12', gitlab)).toEqual({
      ok: true,
      url: 'https://gitlab.example.com/acme/api/-/pipelines/12',
    });
    expect(checkWebUrl('https://gitlab.example.com/acme/api/-/jobs/7?x=1#L3', gitlab).ok).toBe(true);
  });

  it.each([
    ['ESC', 'https://gitlab.example.com/a\u001b]52;c;eA==\u0007', 'hidden or control character (U+001B)'],
    ['BEL', 'https://gitlab.example.com/a\u0007', 'U+0007'],
    ['a newline', 'https://gitlab.example.com/a\nrm -rf ~', 'U+000A'],
    ['U+202E', 'https://gitlab.example.com/\u202egpj.exe', 'U+202E'],
    ['U+200B', 'https://gitlab.example.com/a\u200bb', 'U+200B'],
    ['U+FEFF', '\ufeffhttps://gitlab.example.com/a', 'U+FEFF'],
    ['$(id)', 'https://gitlab.example.com/$(id)', '"$", which a shell would act on'],
    ['a backtick', 'https://gitlab.example.com/`id`', '"`"'],
    ['a space', 'https://gitlab.example.com/a b', 'a space'],
    ['javascript:', 'javascript:alert(1)', 'which a shell would act on'],
    ['javascript: without parentheses', 'javascript:alert', 'not http or https (javascript:)'],
    ['file:', 'file:///etc/passwd', 'not http or https (file:)'],
    ['credentials', 'https://user:pw@gitlab.example.com/a', 'user name or password'],
    ['nothing', undefined, 'GitLab gave no web address'],
    ['a number', 42, 'GitLab gave no web address'],
    ['too long', `https://gitlab.example.com/${'a'.repeat(3000)}`, 'longer than 2048'],
  ])('refuses %s, saying why', (_name, raw, reason) => {
    const verdict = checkWebUrl(raw, gitlab);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toContain(reason);
  });

  it('passes a clean URL on another host (or port), naming that host: GitLab builds web_url from its external URL', () => {
    expect(checkWebUrl('https://evil.example/a', gitlab)).toEqual({ ok: true, url: 'https://evil.example/a', elsewhere: 'evil.example' });
    expect(checkWebUrl('https://gitlab.example.com:8443/a', gitlab)).toEqual({
      ok: true,
      url: 'https://gitlab.example.com:8443/a',
      elsewhere: 'gitlab.example.com:8443',
    });
    // Still refused for what makes it unsafe, whatever its host.
    expect(checkWebUrl('https://evil.example/$(id)', gitlab).ok).toBe(false);
  });

  it("allows another host without a word only where the object documents one (an environment's external_url), still clean", () => {
    expect(checkWebUrl('https://staging.acme.example', { ...gitlab, anyHost: true })).toEqual({ ok: true, url: 'https://staging.acme.example' });
    expect(checkWebUrl('https://staging.acme.example/\u0007', { ...gitlab, anyHost: true }).ok).toBe(false);
    expect(checkWebUrl('ftp://staging.acme.example/', { ...gitlab, anyHost: true }).ok).toBe(false);
  });
});
