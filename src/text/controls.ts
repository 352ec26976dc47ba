// The control characters both sanitizers look for: server strings (text/safe.ts) and job logs
// (log/sanitize.ts). They differ in what they keep, not in what these bytes are.
export const ESC = 0x1b;
export const BEL = 0x07;
/** CAN and SUB abort an escape sequence in progress (ECMA-48). */
export const CAN = 0x18;
export const SUB = 0x1a;
/** 8-bit String Terminator, and the `\` of the 7-bit one (ESC \). */
export const ST_C1 = 0x9c;
export const BACKSLASH = 0x5c;
