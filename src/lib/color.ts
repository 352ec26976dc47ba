// Whether to colour at all — the one rule for the TUI's themes and `pipetop watch`: not with
// NO_COLOR set and non-empty (https://no-color.org), nor on a terminal that says it has none
// (TERM=dumb). A leaf, so the watch command applies it without loading the UI.
export function colorWanted(env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return env.TERM !== 'dumb';
}
