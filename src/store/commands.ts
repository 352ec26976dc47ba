// What a confirm or a prompt runs, as data: a command id and its arguments. The store holds only
// these; the controller looks the handler up in a registry the features fill (Feature.confirms, Feature.prompts).

/**
 * Commands a `[y/N]` confirm can run on `y`, with their arguments: each feature declares its own
 * (declaration merging, as store/types.ts PaneKinds) beside the handlers it gives (Feature.confirms).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features (declaration merging)
export interface ConfirmCommands {}

/** Commands a prompt runs on Enter with the typed value, with their arguments: the palette's, and the features' (as above). */
export interface PromptCommands {
  palette: Record<string, never>;
}

export type ConfirmAction = { [K in keyof ConfirmCommands]: { command: K; args: ConfirmCommands[K] } }[keyof ConfirmCommands];
export type PromptAction = { [K in keyof PromptCommands]: { command: K; args: PromptCommands[K] } }[keyof PromptCommands];

export type ConfirmHandlers<C> = { [K in keyof ConfirmCommands]: (ctx: C, args: ConfirmCommands[K]) => void };
export type PromptResult = string | null | Promise<string | null>;
export type PromptHandlers<C> = { [K in keyof PromptCommands]: (ctx: C, args: PromptCommands[K], value: string) => PromptResult };
