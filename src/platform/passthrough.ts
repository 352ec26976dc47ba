// Terminal multiplexers swallow escape sequences they do not know. To reach the terminal the user is
// looking at, a sequence goes through the multiplexer's pass-through: tmux forwards
// `ESC P tmux; … ESC \` (with `set -g allow-passthrough on` since tmux 3.3) once every ESC inside is
// doubled; GNU screen forwards the body of a DCS string `ESC P … ESC \`. The same layout as the
// OSC 52 copy (osc52.ts), for short sequences: screen truncates a DCS string at about 768 bytes,
// so callers keep what they wrap well under that (osc52.ts splits its long payload itself).
const ESC = '\x1b';
const ST = `${ESC}\\`;

export type Multiplexer = 'tmux' | 'screen' | null;

export function multiplexerOf(env: NodeJS.ProcessEnv): Multiplexer {
  if (env.TMUX) return 'tmux';
  if (env.STY && env.TERM?.startsWith('screen')) return 'screen';
  return null;
}

/** `sequence` (one complete escape sequence) wrapped for the multiplexer `env` says we run in. */
export function passThrough(sequence: string, env: NodeJS.ProcessEnv = process.env): string {
  switch (multiplexerOf(env)) {
    case 'tmux':
      return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ST}`;
    case 'screen':
      return `${ESC}P${sequence}${ST}`;
    default:
      return sequence;
  }
}
