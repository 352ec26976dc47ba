// HTTP plumbing shared by every route: the request context, GitLab's error bodies, pagination headers,
// ETags and gzip. Routes return a Reply or throw HttpError; server.ts turns both into bytes.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SimProject, SimUser } from './model.js';
import type { PresentContext } from './present.js';
import type { World } from './world/world.js';

export interface Reply {
  status: number;
  /** JSON value, or raw bytes/text with `contentType`. Omitted for 204/304. */
  body?: unknown;
  raw?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Whether to answer If-None-Match with 304 (GET of JSON and traces). */
  etag?: boolean;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/** GitLab's bodies (docs/gitlab-api.md "Errors"). */
export const errors = {
  projectNotFound: () => new HttpError(404, { message: '404 Project Not Found' }),
  notFound: (what?: string) => new HttpError(404, { message: what ? `404 ${what} Not Found` : '404 Not found' }),
  route: () => new HttpError(404, { error: '404 Not Found' }),
  forbidden: (detail?: string) => new HttpError(403, { message: detail ? `403 Forbidden - ${detail}` : '403 Forbidden' }),
  badRequest: (detail: string) => new HttpError(400, { message: `400 Bad request - ${detail}` }),
  /** Grape's parameter validation: `{"error":"ref is missing"}`. */
  param: (text: string) => new HttpError(400, { error: text }),
  /** Model validation: `{"message":{"cron":["syntax is invalid"]}}`. */
  fields: (fields: Record<string, string[]>) => new HttpError(400, { message: fields }),
  methodNotAllowed: () => new HttpError(405, { error: '405 Not Allowed' }),
};

export interface RequestContext {
  method: string;
  /** Path below /api/v4, still percent-encoded. */
  path: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** Query and body parameters merged, as Grape does; arrays for `key[]` or repeated keys. */
  input: Map<string, string[]>;
  /** The body with its structure (JSON, or Rack's nested form keys): arrays of hashes and hashes. */
  body: Record<string, unknown>;
  user: SimUser;
  world: World;
  present: PresentContext;
  options: { gitlabStrict: boolean; storageUrl: string | null; artifactsNoRange?: boolean };
}

export function one(ctx: RequestContext, name: string): string | undefined {
  return ctx.input.get(name)?.[0];
}

export function many(ctx: RequestContext, name: string): string[] | undefined {
  return ctx.input.get(name);
}

/** An integer path or query parameter, with Grape's error when it is not one. */
export function intParam(value: string | undefined, name: string): number {
  if (value === undefined || !/^\d+$/.test(value)) throw errors.param(`${name} is invalid`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw errors.param(`${name} is invalid`);
  return n;
}

export function boolParam(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(true|1|yes|on|t)$/i.test(value)) return true;
  if (/^(false|0|no|off|f)$/i.test(value)) return false;
  throw errors.param(`${name} is invalid`);
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw errors.param(`${name} does not have a valid value`);
  return value as T;
}

/** Access levels: 30 developer, 40 maintainer, 50 owner. Admins may do anything. */
export function projectFor(ctx: RequestContext, minLevel = 0): SimProject {
  const raw = ctx.params.id!;
  const { world, user } = ctx;
  const project = /^\d+$/.test(raw) ? world.projects.get(Number(raw)) : world.projectsByPath.get(raw);
  if (!project) throw errors.projectNotFound();
  const level = project.members.get(user.id) ?? 0;
  const visible = user.isAdmin || level > 0 || project.visibility !== 'private';
  if (!visible) throw errors.projectNotFound();
  if (minLevel > 0 && !user.isAdmin && level < minLevel) throw errors.forbidden();
  return project;
}

export const DEVELOPER = 30;
export const MAINTAINER = 40;

// ---- pagination ---------------------------------------------------------------------------------------

export interface PageOptions {
  /** GitLab omits X-Total/X-Total-Pages on some lists (always on the project jobs list). */
  totals: boolean;
  /** Offset pagination stops at 50,000 rows on jobs and projects. */
  offsetLimit?: boolean;
}

/** Slices `items` by page/per_page and sets GitLab's headers: X-Page, X-Per-Page, X-Next-Page, Link… */
export function paginate<T>(ctx: RequestContext, items: readonly T[], options: PageOptions): { page: T[]; headers: Record<string, string> } {
  const perPageRaw = one(ctx, 'per_page');
  const pageRaw = one(ctx, 'page');
  if (perPageRaw !== undefined && !/^-?\d+$/.test(perPageRaw)) throw errors.param('per_page is invalid');
  if (pageRaw !== undefined && !/^-?\d+$/.test(pageRaw)) throw errors.param('page is invalid');
  let perPage = perPageRaw === undefined ? 20 : Number(perPageRaw);
  if (perPage < 1) perPage = 20;
  perPage = Math.min(perPage, 100);
  const page = Math.max(1, pageRaw === undefined ? 1 : Number(pageRaw));
  const offset = (page - 1) * perPage;
  if (options.offsetLimit && offset >= 50_000) {
    throw new HttpError(405, {
      message:
        '405 Method Not Allowed - Offset pagination has a maximum allowed offset of 50000 for requests that return objects of this type. Remaining records can be retrieved using keyset pagination.',
    });
  }
  const slice = items.slice(offset, offset + perPage);
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const hasNext = offset + perPage < items.length;
  const showTotals = options.totals && items.length <= 10_000;
  const headers: Record<string, string> = {
    'X-Page': String(page),
    'X-Per-Page': String(perPage),
    'X-Next-Page': hasNext ? String(page + 1) : '',
    'X-Prev-Page': page > 1 ? String(page - 1) : '',
  };
  if (showTotals) {
    headers['X-Total'] = String(items.length);
    headers['X-Total-Pages'] = String(totalPages);
  }
  const link = (p: number, rel: string) => {
    const u = new URL(ctx.url);
    u.searchParams.set('page', String(p));
    u.searchParams.set('per_page', String(perPage));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (hasNext) links.push(link(page + 1, 'next'));
  links.push(link(1, 'first'));
  if (showTotals) links.push(link(totalPages, 'last'));
  headers.Link = links.join(', ');
  return { page: slice, headers };
}

export function listReply<T>(ctx: RequestContext, items: readonly T[], present: (item: T) => unknown, options: PageOptions): Reply {
  const { page, headers } = paginate(ctx, items, options);
  return { status: 200, body: page.map(present), headers, etag: true };
}

// ---- ETag -----------------------------------------------------------------------------------------------

export function weakEtag(bytes: Buffer): string {
  return `W/"${createHash('sha1').update(bytes).digest('hex').slice(0, 32)}"`;
}

export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || strip(t) === strip(etag));
}
