// Cutting and wrapping text at word boundaries, for what a person reads whole: a commit title in a
// details panel, a hint under a field, a help entry. A cut mid-word ("Allow failu…") reads as a
// different word; a cut at a space with '…' reads as "more follows". Expects sanitized text.
import { displayWidth, truncateToWidth } from './safe.js';

/**
 * `text` in at most `width` cells: whole when it fits, else cut at the last space that keeps at
 * least half of the room used, ending with '…'. One long word (a sha, a path) is cut inside.
 */
export function cutAtWord(text: string, width: number): string {
  if (!(width > 0)) return '';
  if (displayWidth(text) <= width) return text;
  const hard = truncateToWidth(text, width);
  const body = hard.slice(0, -1);
  // A list of parts ("a · b · c") is best cut between parts.
  const part = body.lastIndexOf(' · ');
  if (part > 0 && displayWidth(body.slice(0, part)) >= width / 2) return `${body.slice(0, part).trimEnd()} …`;
  const space = body.lastIndexOf(' ');
  if (space <= 0 || displayWidth(body.slice(0, space)) < width / 2) return hard;
  return `${body.slice(0, space).trimEnd()}…`;
}

/** `text` as lines of at most `width` cells, broken at spaces; a word wider than a line is cut with '…'. */
export function wrapWords(text: string, width: number): string[] {
  if (!(width > 0)) return [];
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (displayWidth(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = displayWidth(word) <= width ? word : truncateToWidth(word, width);
  }
  if (line || lines.length === 0) lines.push(line);
  return lines;
}

/**
 * Sentences joined into one message, each ending with one full stop: a part that already ends with
 * '.', '!' or '?' (GitLab's own "…token refresh.") gets none added, so it never reads "refresh.. Check".
 */
export function sentences(...parts: string[]): string {
  return parts
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))
    .join(' ');
}
