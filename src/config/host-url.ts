// Turns whatever a user typed for the GitLab host into the one canonical base URL the API client
// and the git-remote matcher both rely on.

export type HostUrlResult = { ok: true; url: string } | { ok: false; message: string };

/**
 * `gitlab.example.com` → `https://gitlab.example.com`; `http://` and a port are kept; a trailing `/`
 * and `/api/v4` are dropped (people paste the API URL). A path prefix stays: GitLab can be installed
 * under a relative URL root such as https://example.com/gitlab.
 */
export function normalizeHostUrl(raw: string, source: string): HostUrlResult {
  const value = raw.trim();
  const bad = (why: string): HostUrlResult => ({ ok: false, message: `${source} is not a valid GitLab URL (${why}): "${withoutSecret(raw)}"` });
  if (value === '') return bad('empty');
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return bad('cannot parse it');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return bad('only http:// and https:// are supported');
  if (url.hostname === '') return bad('no host name');
  // Credentials in the URL would leak into logs and error messages; the token has its own settings.
  if (url.username !== '' || url.password !== '') return bad('remove the user name/password and use --token');
  if (url.search !== '' || url.hash !== '') return bad('remove the ?query or #fragment');
  let path = url.pathname.replace(/\/+$/, '');
  if (/\/api\/v4$/i.test(path)) path = path.slice(0, -'/api/v4'.length);
  path = path.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}

/**
 * What was typed, with the secret of its user information masked (`http://bob:***@host`; a lone
 * user part may itself be a token: `***@host`): the refusal that names a URL must not print it.
 */
export function withoutSecret(raw: string): string {
  const m = /^(\s*(?:[a-z][a-z0-9+.-]*:)?\/\/|\s*)([^/?#]*)/i.exec(raw)!;
  const authority = m[2]!;
  const at = authority.lastIndexOf('@');
  if (at < 0) return raw;
  const userinfo = authority.slice(0, at);
  const colon = userinfo.indexOf(':');
  const shown = colon >= 0 ? `${userinfo.slice(0, colon)}:***` : '***';
  return `${m[1]}${shown}${authority.slice(at)}${raw.slice(m[0].length)}`;
}

/** The lower-case host name of a normalized base URL (no port), for matching git remotes and glab hosts. */
export function hostnameOf(baseUrl: string): string {
  return new URL(baseUrl).hostname.toLowerCase();
}
