// SGR ("Select Graphic Rendition", `ESC [ … m`) parameters applied to a style key. Parsed in place
// (no split, no allocation): a big log carries several SGR sequences per line.
import { basicOf256, nearestBasic } from './colors.js';
import { BOLD, DIM, INVERSE, ITALIC, UNDERLINE, withBg, withFg } from './style.js';

const MAX_PARAMS = 32;
const values = new Int32Array(MAX_PARAMS);
/** 1 when the parameter was joined to the previous one by ':' (an ITU T.416 sub-parameter). */
const joined = new Uint8Array(MAX_PARAMS);

/**
 * Applies the parameters `s[start..end)` (digits, `;`, `:`; the caller checked) to `key`.
 * Empty parameters count as 0, as terminals read them (`\e[m` and `\e[;1m` reset).
 */
export function applySgr(key: number, s: string, start: number, end: number): number {
  let count = 0;
  let value = 0;
  let colon = 0;
  for (let i = start; i <= end; i++) {
    const c = i < end ? s.charCodeAt(i) : 0x3b;
    if (c >= 0x30 && c <= 0x39) {
      // Clamp: "\e[99999999999m" must not overflow into a valid code.
      value = Math.min(value * 10 + (c - 0x30), 100000);
    } else {
      if (count < MAX_PARAMS) {
        values[count] = value;
        joined[count] = colon;
        count++;
      }
      value = 0;
      colon = c === 0x3a ? 1 : 0;
    }
  }
  if (count === 0) return 0;

  let k = 0;
  while (k < count) {
    const p = values[k]!;
    // Sub-parameters of this parameter (`38:2::255:0:0`, `4:3`).
    let subs = 0;
    while (k + 1 + subs < count && joined[k + 1 + subs]) subs++;
    if (p === 38 || p === 48) {
      let color = -2;
      let used = subs;
      if (subs > 0) {
        const mode = values[k + 1]!;
        if (mode === 5 && subs >= 2) color = basicOf256(values[k + 2]!);
        // `38:2:<colour space>:r:g:b` or the common `38:2:r:g:b`.
        else if (mode === 2 && subs >= 5) color = rgb(values[k + 3]!, values[k + 4]!, values[k + 5]!);
        else if (mode === 2 && subs >= 4) color = rgb(values[k + 2]!, values[k + 3]!, values[k + 4]!);
      } else {
        const mode = k + 1 < count ? values[k + 1]! : -1;
        if (mode === 5) {
          if (k + 2 < count) color = basicOf256(values[k + 2]!);
          used = 2;
        } else if (mode === 2) {
          if (k + 4 < count) color = rgb(values[k + 2]!, values[k + 3]!, values[k + 4]!);
          used = 4;
        } else {
          used = mode === -1 ? 0 : 1;
        }
      }
      if (color >= 0) key = p === 38 ? withFg(key, color) : withBg(key, color);
      k += 1 + used;
      continue;
    }
    if (p === 4 && subs > 0) {
      // `4:0` is "no underline"; `4:1`–`4:5` are underline styles.
      key = values[k + 1] === 0 ? key & ~UNDERLINE : key | UNDERLINE;
    } else {
      key = applyOne(key, p);
    }
    k += 1 + subs;
  }
  return key;
}

function rgb(r: number, g: number, b: number): number {
  return nearestBasic(clamp(r), clamp(g), clamp(b));
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}

function applyOne(key: number, p: number): number {
  if (p >= 30 && p <= 37) return withFg(key, p - 30);
  if (p >= 40 && p <= 47) return withBg(key, p - 40);
  if (p >= 90 && p <= 97) return withFg(key, p - 90 + 8);
  if (p >= 100 && p <= 107) return withBg(key, p - 100 + 8);
  switch (p) {
    case 0:
      return 0;
    case 1:
      return key | BOLD;
    case 2:
      return key | DIM;
    case 3:
      return key | ITALIC;
    case 4:
    case 21: // doubly underlined (ECMA-48)
      return key | UNDERLINE;
    case 7:
      return key | INVERSE;
    case 22:
      return key & ~(BOLD | DIM);
    case 23:
      return key & ~ITALIC;
    case 24:
      return key & ~UNDERLINE;
    case 27:
      return key & ~INVERSE;
    case 39:
      return withFg(key, -1);
    case 49:
      return withBg(key, -1);
    default:
      // Blink, conceal, strike-through, fonts, …: nothing the pane draws.
      return key;
  }
}
