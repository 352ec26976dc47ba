// Query strings and form bodies in the shape GitLab's Grape API expects: arrays as repeated `key[]=v`,
// booleans as true/false, undefined and null left out.

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;
export type Query = Record<string, QueryValue>;

export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (isList(value)) {
      // `[]` stays literal: Rack reads `scope[]=a&scope[]=b` as an array; it is also what GitLab's docs show.
      for (const item of value) parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

function isList(value: QueryValue): value is readonly QueryScalar[] {
  return Array.isArray(value);
}

/** Appends a query to a path or URL that may already carry one. */
export function withQuery(target: string, query: Query | undefined): string {
  const qs = buildQuery(query);
  if (!qs) return target;
  return `${target}${target.includes('?') ? '&' : '?'}${qs}`;
}

/** `scope` takes one value or several: one → `scope=a`, several → `scope[]=a&scope[]=b`. */
export function scopeParam<T extends string>(scope: T | readonly T[] | undefined): QueryValue {
  if (scope === undefined) return undefined;
  if (typeof scope === 'string') return scope;
  const list = scope as readonly T[];
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : list;
}
