// 256-colour and truecolor SGR mapped down to the 16 basic ANSI colours: the pane must work on any
// terminal (on-call over SSH, tmux, no truecolor assumed), and the 16 colours follow the user's
// own terminal theme. "Nearest" is measured against xterm's default palette with the "redmean"
// weighting, a cheap approximation of perceived colour distance.

/** xterm's default RGB values of ANSI colours 0–15. */
const PALETTE: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

/** The basic colour (0–15) nearest to an RGB value. */
export function nearestBasic(r: number, g: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < PALETTE.length; i++) {
    const [pr, pg, pb] = PALETTE[i]!;
    const mean = (r + pr) / 2;
    const dr = r - pr;
    const dg = g - pg;
    const db = b - pb;
    const d = (2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

const CUBE = [0, 95, 135, 175, 215, 255];

/** RGB of an xterm 256-colour index (16–231: 6×6×6 cube, 232–255: grey ramp). */
export function rgbOf256(n: number): [number, number, number] {
  if (n < 16) return [...PALETTE[n]!] as [number, number, number];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return [v, v, v];
  }
  const i = n - 16;
  return [CUBE[Math.floor(i / 36)]!, CUBE[Math.floor(i / 6) % 6]!, CUBE[i % 6]!];
}

let table256: Uint8Array | null = null;

/** 256-colour index → basic colour 0–15 (0–15 map to themselves). */
export function basicOf256(n: number): number {
  if (!table256) {
    table256 = new Uint8Array(256);
    for (let i = 0; i < 256; i++) table256[i] = i < 16 ? i : nearestBasic(...rgbOf256(i));
  }
  return table256[n & 255]!;
}
