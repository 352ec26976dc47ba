// A URL from GitLab is checked before `o` opens it or `y` copies it: a web_url carrying ESC, BEL, a
// newline, `$(id)` or U+202E must not reach the clipboard while the toast shows a cleaned one (pasted
// into a shell, it would run commands). Only a plain http(s) URL on the GitLab host passes as it is;
// one on another host passes marked `elsewhere` (its host is said, and `o` asks) unless that is the
// object's documented nature (an environment's external_url); anything else is refused with a
// reason the toast shows.

import { safeText, type SafeString } from '../text/safe.js';

/** `elsewhere`: the host of a page off GitLab's host (and not documented to be): copied, opened when asked. */
export type UrlVerdict = { ok: true; url: SafeString; elsewhere?: string } | { ok: false; reason: string };

export interface UrlCheckOptions {
  /** e.g. https://gitlab.example.com — the URL must be on this origin… */
  gitlabOrigin: string;
  /** …unless the object documents another host (a deployment's environment external_url). */
  anyHost?: boolean;
}

const MAX_URL = 2048;
// C0/C1 controls, DEL, and the invisible or reordering characters (bidi marks, embeddings,
// overrides and isolates, zero-width and word joiners, BOM, soft hyphen) that make a URL read as
// something it is not.

const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/u;
// Characters a shell acts on when the URL is pasted into it, plus space and quotes. A GitLab page
// URL is made of ids and paths; none of these belong in one.
const SHELL_ACTIVE = /[\s$`'"\\;&|<>(){}!*^]/;

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (char === ' ') return 'a space';
  return code < 0x21 || code > 0x7e ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `"${char}"`;
}

export function checkWebUrl(raw: unknown, opts: UrlCheckOptions): UrlVerdict {
  if (typeof raw !== 'string' || raw === '') return { ok: false, reason: 'GitLab gave no web address for it' };
  if (raw.length > MAX_URL) return { ok: false, reason: `its web address is longer than ${MAX_URL} characters` };
  const hidden = HIDDEN.exec(raw);
  if (hidden) return { ok: false, reason: `its web address contains a hidden or control character (${describe(hidden[0])})` };
  const active = SHELL_ACTIVE.exec(raw);
  if (active) return { ok: false, reason: `its web address contains ${describe(active[0])}, which a shell would act on` };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'its web address is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `its web address is not http or https (${url.protocol.replace(/[^a-z0-9+.:-]/gi, '')})` };
  if (url.username || url.password) return { ok: false, reason: 'its web address carries a user name or password' };
  let origin: string;
  try {
    origin = new URL(opts.gitlabOrigin).origin;
  } catch {
    origin = opts.gitlabOrigin;
  }
  // As GitLab sent it (already known clean, so the primitive returns it unchanged): what the user
  // sees is what is copied. Another host is said, not refused: GitLab's `web_url` is built from its
  // configured external URL (Gitlab.config.gitlab.url), which differs from the address pipetop
  // reaches the API at behind a proxy or under an internal name (docs/gitlab-api.md "Web addresses").
  if (!opts.anyHost && url.origin !== origin) return { ok: true, url: safeText(raw, MAX_URL), elsewhere: safeText(url.host, 300) };
  return { ok: true, url: safeText(raw, MAX_URL) };
}
