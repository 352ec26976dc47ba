// The decoder kit: every answer GitLab sends goes through one decoder per entity
// (src/api/decoders.ts) before anything else sees it. An entity is a list of fields, each a kind
// (an id, a count, text…), required or not; this file turns that list into a valibot schema (on
// first decode), the same list is what the property tests (test/reliability/decoders.property.test.tsx)
// generate hostile answers from, and its TypeScript type (`Shape`) is what src/api/types.ts names.
//
// Tolerance, per field:
// - a required field that is missing or of the wrong type rejects the object: "GitLab sent a job
//   whose id is not a number", an 'invalid-response' error shown in the pane that asked;
// - an optional field of the wrong type becomes absent, noted once in the debug log;
// - a status that is not text reads as 'unknown' (`Open` in src/api/vocabulary.ts), also noted;
// - a count may come as a numeric string ("3"): it is read as the number, never concatenated.
// Decoders check types only: text is kept exactly as sent (the screen's sanitizing is src/text's).
import * as v from 'valibot';

/** The kinds a field's value may be; a kind made by `text<T>()` or `status<T>()` also names its TypeScript type. */
export type Kind = 'int' | 'number' | 'count' | 'text' | 'bool' | 'status' | 'any' | { entity: Entity<unknown> } | { list: Kind };

declare const narrowed: unique symbol;
/** A text or status kind whose values the types read as `T` (a literal union, kept open): phantom only. */
export type Narrowed<K extends 'text' | 'status', T extends string> = K & { readonly [narrowed]: T };

/** The TypeScript type of a value of kind `K`: what a field of that kind holds once decoded. */
export type KindType<K> = K extends { entity: Entity<infer T> }
  ? T
  : K extends { list: infer L }
    ? KindType<L>[]
    : K extends { readonly [narrowed]: infer T }
      ? T
      : K extends 'int' | 'number' | 'count'
        ? number
        : K extends 'text' | 'status'
          ? string
          : K extends 'bool'
            ? boolean
            : unknown;

/**
 * One field of an entity. `V` (the decoded value's type) and `Optional` (the key may be absent) are
 * phantoms: they exist for the types only, so that an entity's TypeScript type is read off its fields.
 */
export interface Field<V = unknown, Optional extends boolean = boolean> {
  kind: Kind;
  /** Missing or wrong: the whole object is refused. */
  required: boolean;
  /** null is a value GitLab sends for it. */
  nullable: boolean;
  /** Wrong (or missing, when required): read as null instead of refusing the object. */
  softNull: boolean;
  readonly __value?: V;
  readonly __optional?: Optional;
}

export interface Entity<T> {
  /** Named in messages: "GitLab sent a job whose …". */
  what: string;
  fields: Readonly<Record<string, Field>>;
  schema: v.GenericSchema<unknown, unknown>;
  /** Phantom: the TypeScript type the decoded value has (`Shape` of its fields). */
  readonly __type?: T;
}

/**
 * The TypeScript type of an object made of `F`'s fields: a required field's key is always there, an
 * optional one's may be absent; the fields GitLab sends beyond them pass through (src/api/types.ts
 * names each entity's type this way).
 */
export type Shape<F extends Readonly<Record<string, Field>>> = Flat<
  { -readonly [K in keyof F as F[K] extends Field<unknown, true> ? never : K]: ValueOf<F[K]> } & {
    -readonly [K in keyof F as F[K] extends Field<unknown, true> ? K : never]?: ValueOf<F[K]>;
  } & { [extra: string]: unknown }
>;
type ValueOf<F> = F extends Field<infer V> ? V : never;
type Flat<T> = { [K in keyof T]: T[K] };

/** The TypeScript type an entity decodes to. */
export type EntityType<E> = E extends Entity<infer T> ? T : never;

// `never` phantoms: each helper below names the field's value type and presence itself.
const field = (kind: Kind, required: boolean, nullable = false, softNull = false): Field<never, never> => ({ kind, required, nullable, softNull });
/** Required: missing or wrong refuses the object. */
export const req = <K extends Kind>(kind: K): Field<KindType<K>, false> => field(kind, true);
/** Optional: wrong reads as absent. */
export const opt = <K extends Kind>(kind: K): Field<KindType<K>, true> => field(kind, false);
/** Required, null allowed. */
export const reqNull = <K extends Kind>(kind: K): Field<KindType<K> | null, false> => field(kind, true, true);
/** Optional, null allowed. */
export const optNull = <K extends Kind>(kind: K): Field<KindType<K> | null, true> => field(kind, false, true);
/** Null allowed, and a wrong or missing value reads as null: a part the app can do without (a job's user). */
export const orNull = <K extends Kind>(kind: K): Field<KindType<K> | null, false> => field(kind, true, true, true);
export const entityKind = <T>(e: Entity<T>): { entity: Entity<T> } => ({ entity: e });
export const listOf = <K extends Kind>(kind: K): { list: K } => ({ list: kind });
/** Text the types read as `T` (`text<PipelineSource>()`); decoded as any text. */
export const text = <T extends string>(): Narrowed<'text', T> => 'text' as Narrowed<'text', T>;
/** A status the types read as `T` (`status<JobStatus>()`); decoded as a status (not text: 'unknown'). */
export const status = <T extends string>(): Narrowed<'status', T> => 'status' as Narrowed<'status', T>;

// ---- notes: what was tolerated, for the debug log ---------------------------------------------------

/** Filled while one decode runs (decoding is synchronous); what fields were dropped or repaired. */
let pending: string[] | null = null;
function note(text: string): void {
  if (pending && pending.length < 50) pending.push(text);
}

// ---- kinds to schemas --------------------------------------------------------------------------------

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/** What a kind is called in a message: "… whose id is not a number". */
export function describeKind(kind: Kind): string {
  if (typeof kind === 'string') {
    return { int: 'a number', number: 'a number', count: 'a number', text: 'text', bool: 'true or false', status: 'text', any: 'a value' }[kind];
  }
  if ('entity' in kind) return 'an object';
  return 'a list';
}

function kindSchema(kind: Kind): v.GenericSchema<unknown, unknown> {
  const msg = describeKind(kind);
  if (typeof kind !== 'string') {
    if ('entity' in kind) return kind.entity.schema;
    return v.array(kindSchema(kind.list), msg);
  }
  switch (kind) {
    case 'int':
      return v.pipe(v.number(msg), v.safeInteger(msg));
    case 'number':
      return v.pipe(v.number(msg), v.finite(msg));
    case 'count':
      // GitLab's JSON sends numbers; a proxy or an old serializer may send "3": that is 3, not "3".
      return v.union([v.pipe(v.number(msg), v.finite(msg)), v.pipe(v.string(msg), v.regex(NUMERIC, msg), v.transform(Number))], msg);
    case 'text':
    case 'status':
      return v.string(msg);
    case 'bool':
      return v.boolean(msg);
    case 'any':
      return v.unknown();
  }
}

/** How a note names what a field should have been: "a number", "a valid pipeline". */
function expected(kind: Kind): string {
  return typeof kind !== 'string' && 'entity' in kind ? `a valid ${kind.entity.what}` : describeKind(kind);
}

function fieldSchema(what: string, key: string, f: Field): v.GenericSchema<unknown, unknown> {
  let schema = kindSchema(f.kind);
  if (f.nullable) schema = v.nullable(schema);
  if (f.kind === 'status' && f.required && !f.nullable) {
    return v.fallback(v.string(), (dataset) => {
      if (dataset?.value !== undefined) note(`${what}'s ${key} is not text: read as unknown`);
      return 'unknown';
    }) as v.GenericSchema<unknown, unknown>;
  }
  // valibot also asks a fallback for a key that is missing: that is no news, only a wrong value is.
  if (f.softNull) {
    return v.fallback(schema, (dataset?: { value?: unknown }) => {
      if (dataset?.value !== undefined) note(`${what}'s ${key} is not ${expected(f.kind)}: read as null`);
      return null;
    }) as v.GenericSchema<unknown, unknown>;
  }
  if (!f.required) {
    return v.fallback(v.optional(schema), (dataset?: { value?: unknown }) => {
      if (dataset?.value !== undefined) note(`${what}'s ${key} is not ${expected(f.kind)}: left out`);
      return undefined;
    }) as v.GenericSchema<unknown, unknown>;
  }
  return schema;
}

/** A fallback read an optional field as undefined: the key goes, as if GitLab had not sent it. */
function dropUndefined(obj: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(obj)) if (obj[key] === undefined) delete obj[key];
  return obj;
}

/**
 * An entity: its fields (unknown extra fields pass through untouched) and the schema made of them,
 * made when first used: the decoders of every entity were built as the bundle loaded, ~2 ms before
 * the first frame (bench/startup.mjs), most of them for panes not yet open.
 */
export function entity<F extends Readonly<Record<string, Field>>>(what: string, fields: F): Entity<Shape<F>> {
  let schema: v.GenericSchema<unknown, unknown> | undefined;
  return {
    what,
    fields,
    get schema() {
      if (schema) return schema;
      const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
      for (const [key, f] of Object.entries(fields)) entries[key] = fieldSchema(what, key, f);
      return (schema = v.pipe(v.looseObject(entries, 'an object'), v.transform(dropUndefined)) as v.GenericSchema<unknown, unknown>);
    },
  };
}

// ---- decoding -----------------------------------------------------------------------------------------

/** A required field was missing or wrong: the message names the object and the field. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

function article(what: string): string {
  // "an SSH key", "an event", but "a user".
  return /^([aeio]|u(?!s)|SSH)/.test(what) ? `an ${what}` : `a ${what}`;
}

function messageOf(e: Entity<unknown>, issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  const path = (issue?.path ?? [])
    .map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`))
    .join('')
    .replace(/^\./, '');
  if (!path) return `GitLab sent ${article(e.what)} that is not an object`;
  if (issue?.input === undefined) return `GitLab sent ${article(e.what)} with no ${path}`;
  return `GitLab sent ${article(e.what)} whose ${path} is not ${issue?.message ?? 'valid'}`;
}

/**
 * Decoded values per input object: a 304 hands back the very object cached with its ETag, and the
 * decoder answers with the very object it made from it, so the store sees no change.
 */
const cache = new WeakMap<object, WeakMap<Entity<unknown>, { value: unknown; notes: string[] }>>();

export interface Decoded<T> {
  value: T;
  /** Fields dropped or repaired ("job's coverage is not a number: left out"). */
  notes: string[];
}

/** Decodes one object; throws a DecodeError naming what was wrong. */
export function decodeEntity<T>(e: Entity<T>, input: unknown): Decoded<T> {
  const key = e as Entity<unknown>;
  const hit = input !== null && typeof input === 'object' ? cache.get(input)?.get(key) : undefined;
  if (hit) return hit as Decoded<T>;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new DecodeError(`GitLab sent ${article(e.what)} that is not an object`);
  const outer = pending;
  pending = [];
  try {
    const result = v.safeParse(e.schema, input);
    if (!result.success) throw new DecodeError(messageOf(key, result.issues));
    const decoded = { value: result.output as T, notes: pending };
    let forInput = cache.get(input);
    if (!forInput) cache.set(input, (forInput = new WeakMap()));
    forInput.set(key, decoded);
    return decoded;
  } finally {
    pending = outer;
  }
}

/** Decodes a list answer: not a list, or one item refused, refuses the whole list (docs/gitlab-api.md "Decoders"). */
export function decodeList<T>(e: Entity<T>, input: unknown, plural: string): Decoded<T[]> {
  if (!Array.isArray(input)) throw new DecodeError(`GitLab sent ${plural} that are not a list`);
  const value: T[] = [];
  const notes: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const one = decodeEntity(e, input[i]);
    value.push(one.value);
    notes.push(...one.notes);
  }
  return { value, notes };
}
