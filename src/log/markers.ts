// GitLab section markers: `section_start:<unix_ts>:<name>[opts]\r\e[0K` and
// `section_end:<unix_ts>:<name>\r\e[0K` (docs/gitlab-api.md "Job log"). The `\r\e[0K` is part of the
// marker, which is why markers are recognised before a bare `\r` is allowed to rewrite the line.

export interface Marker {
  kind: 'start' | 'end';
  /** Unix seconds. */
  ts: number;
  name: string;
  /** `[collapsed=true,foo=bar]` → { collapsed: 'true', foo: 'bar' }. */
  options: Record<string, string>;
  /** Where the marker text begins in the string it was found in. */
  at: number;
}

/** The text that precedes a marker's `\r\e[0K`. Names as GitLab accepts them: [a-zA-Z0-9_.-]+. */
const MARKER = /^section_(start|end):(\d{1,15}):([a-zA-Z0-9_.-]+)(?:\[([^\]\r\n]*)\])?$/;

/** When `text` ends with a marker (its `\r\e[0K` comes next), that marker. */
export function markerEndingAt(text: string): Marker | null {
  const at = text.lastIndexOf('section_');
  if (at < 0) return null;
  const m = MARKER.exec(at === 0 ? text : text.slice(at));
  if (!m) return null;
  return { kind: m[1] === 'start' ? 'start' : 'end', ts: Number(m[2]), name: m[3]!, options: parseOptions(m[4]), at };
}

function parseOptions(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const pair of raw.split(',')) {
    const eq = pair.indexOf('=');
    if (eq > 0) out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}
