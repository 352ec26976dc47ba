// What a confirm or a prompt runs, as data the feature that opened it owns: `{ owner, command, args }`.
// The store holds only this (it stays plain data: structuredClone-able, test/app/actions.test.tsx);
// `y` or Enter finds the owner by its name (store/registry.ts) and hands it the data
// (Feature.confirmed, Feature.submitted), which it reads as it alone knows. The core routes by owner,
// never by the command: no merged table of every feature's handlers.

/**
 * The data each feature's confirms carry, by the feature's name: each feature declares its own
 * (declaration merging, as store/types.ts PaneKinds), usually as `Continuations<its table>`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface ConfirmPayloads {}

/** The data each feature's prompts carry, by the feature's name (as above). The palette is the core's own. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface PromptPayloads {}

/** A feature's continuations from a table of what each carries: `{ owner: 'jobs', command: 'job.confirmed', args: {…} } | …`. */
export type Continuations<T> = { [K in keyof T]: { command: K; args: T[K] } }[keyof T];

/** The core's own confirms (as the palette is its own prompt): `o` on a page off GitLab's host (core-commands.ts). */
export type CoreConfirm = { owner: 'core'; command: 'object.openElsewhere'; args: { url: string } };

export type ConfirmAction = CoreConfirm | { [K in keyof ConfirmPayloads]: { owner: K } & ConfirmPayloads[K] }[keyof ConfirmPayloads];
/** The palette's prompt is the core's (store/palette.ts); every other names the feature that answers it. */
export type PromptAction = { owner: 'palette' } | { [K in keyof PromptPayloads]: { owner: K } & PromptPayloads[K] }[keyof PromptPayloads];

export type PromptResult = string | null | Promise<string | null>;

/** A feature's `confirmed`: its own table of handlers, by the payload's command. */
export function confirmsBy<T, C>(table: { [K in keyof T]: (ctx: C, args: T[K]) => void }): (ctx: C, payload: Continuations<T>) => void {
  return (ctx, payload) => (table[payload.command] as (ctx: C, args: unknown) => void)(ctx, payload.args);
}

/** A feature's `submitted`: its own table of handlers, by the payload's command. */
export function promptsBy<T, C>(table: { [K in keyof T]: (ctx: C, args: T[K], value: string) => PromptResult }): (
  ctx: C,
  payload: Continuations<T>,
  value: string,
) => PromptResult {
  return (ctx, payload, value) => (table[payload.command] as (ctx: C, args: unknown, value: string) => PromptResult)(ctx, payload.args, value);
}
