// Escape sequences. Only SGR and erase-line, as a real runner writes (and as GitLab renders).

export const ESC = '\x1b';
export const RESET = `${ESC}[0;m`;
export const EL = `${ESC}[0K`;
export const HEAD = `${ESC}[36;1m`;
export const GREEN = `${ESC}[32;1m`;
export const RED = `${ESC}[31;1m`;
export const YELLOW = `${ESC}[0;33m`;
// Colours as Node tools (picocolors/chalk) print them with FORCE_COLOR set in CI.
export const c = {
  green: (s: string) => `${ESC}[32m${s}${ESC}[39m`,
  red: (s: string) => `${ESC}[31m${s}${ESC}[39m`,
  yellow: (s: string) => `${ESC}[33m${s}${ESC}[39m`,
  cyan: (s: string) => `${ESC}[36m${s}${ESC}[39m`,
  gray: (s: string) => `${ESC}[90m${s}${ESC}[39m`,
  dim: (s: string) => `${ESC}[2m${s}${ESC}[22m`,
  bold: (s: string) => `${ESC}[1m${s}${ESC}[22m`,
};

/**
 * Stands for "the unix seconds of this line" inside section markers. Line times are only known
 * once all lines exist (they are scaled to durationMs), so markers are filled in at assembly.
 */
export const TS_SLOT = '\u0000';
