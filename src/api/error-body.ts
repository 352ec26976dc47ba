// Turns the many error body shapes GitLab (and the proxies in front of it) send into one readable
// line plus, for model validation errors, the per-field messages. See docs/gitlab-api.md "Errors".
import { nodeHttp } from '../lib/builtins.js';

// node:http for its reason phrases alone, read on the first error: loading it (Node's HTTP client and
// server, ~10 internal modules) before the first frame cost start-up time (bench/startup.mjs).
let statusCodes: Record<number, string | undefined> | undefined;
const reasonOf = (status: number) => (statusCodes ??= nodeHttp().STATUS_CODES)[status];

export interface ErrorDescription {
  reason: string;
  fields?: Record<string, string[]>;
}

const MAX_REASON = 300;

export function statusText(status: number, given?: string): string {
  // The reason phrase is whatever bytes a proxy sent (undici decodes them as latin1: C1 controls too).
  return oneLine(given ?? '', 100) || reasonOf(status) || `HTTP ${status}`;
}

export function describeErrorBody(status: number, contentType: string, text: string, given?: string): ErrorDescription {
  const fallback = statusText(status, given);
  const trimmed = text.trim();
  if (trimmed === '') return { reason: fallback };
  if (looksLikeHtml(contentType, trimmed)) return { reason: htmlTitle(trimmed) ?? fallback };
  const json = tryParseJson(trimmed);
  if (json.ok) return describeJson(json.value) ?? { reason: fallback };
  return { reason: oneLine(trimmed) || fallback };
}

/** Collapses whitespace, drops control characters (bodies are shown in a terminal), truncates. */
export function oneLine(text: string, max = MAX_REASON): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function looksLikeHtml(contentType: string, text: string): boolean {
  return /html/i.test(contentType) || /^<(!doctype|html|head|body)/i.test(text);
}

export function htmlTitle(html: string): string | undefined {
  const match = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  if (!match?.[1]) return undefined;
  const title = oneLine(decodeEntities(match[1].replace(/<[^>]*>/g, '')));
  return title || undefined;
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return named[name.toLowerCase()] ?? whole;
  });
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeJson(value: unknown): ErrorDescription | undefined {
  if (typeof value === 'string') return { reason: oneLine(value) };
  if (!isRecord(value)) return undefined;
  const { message, error, error_description: description } = value;
  if (typeof message === 'string') return { reason: oneLine(message) };
  if (Array.isArray(message)) return { reason: oneLine(message.map(String).join('; ')) };
  if (isRecord(message)) return describeMessageObject(message);
  if (typeof error === 'string') {
    // OAuth-style: {"error":"invalid_token","error_description":"Token is expired..."}
    const text = typeof description === 'string' && description ? `${error}: ${description}` : error;
    return { reason: oneLine(text) };
  }
  return undefined;
}

function describeMessageObject(message: Record<string, unknown>): ErrorDescription {
  const keys = Object.keys(message);
  // The throttle's JSON flavour: {"message":{"error":"This endpoint has been requested too many times..."}}
  if (keys.length === 1 && typeof message.error === 'string') return { reason: oneLine(message.error) };
  const fields: Record<string, string[]> = {};
  for (const key of keys) {
    const raw = message[key];
    const list = Array.isArray(raw) ? raw : [raw];
    fields[key] = list.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  }
  // Rails puts record-level errors under "base"; GitLab prints them without the field name.
  const parts = Object.entries(fields).flatMap(([key, list]) => list.map((text) => (key === 'base' ? text : `${key} ${text}`)));
  return { reason: oneLine(parts.join('; ')) || 'invalid request', fields };
}
