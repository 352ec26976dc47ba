// Copy to the clipboard of the terminal the user is looking at, even over SSH: OSC 52 travels in
// the output stream, so the laptop's terminal sets its own clipboard. Multiplexers swallow unknown
// sequences, hence the pass-through wrappers. Nothing answers whether it worked (a terminal may
// ignore OSC 52, tmux may drop it), so the app must say "sent to the terminal", never "copied".

/**
 * The longest base64 payload built. Terminals cap OSC 52 (xterm ~100 kB, some far lower) and drop
 * bigger ones silently; failing loudly is better. URLs are a few hundred bytes.
 */
export const OSC52_MAX_BASE64 = 100_000;

import type { SafeString } from '../text/safe.js';
import { passThrough } from './passthrough.js';

const ESC = '\x1b';
const BEL = '\x07';
const ST = `${ESC}\\`;
/** screen truncates a DCS string at about 768 bytes, so the payload is split into many DCS strings. */
const SCREEN_CHUNK = 76;

/** `text` must have passed src/text/safe.ts: a clipboard is pasted into shells. */
export function osc52Copy(text: SafeString, env: NodeJS.ProcessEnv = process.env): string {
  const b64 = Buffer.from(text, 'utf8').toString('base64');
  if (b64.length > OSC52_MAX_BASE64) {
    throw new Error(`Too long to copy through the terminal (${b64.length} base64 bytes; the limit is ${OSC52_MAX_BASE64})`);
  }
  if (env.TMUX) {
    // Both forms, since which one tmux lets through depends on its settings. The plain one is
    // tmux's own business: with `set-clipboard on` it keeps it as a paste buffer and sets the outer
    // terminal's clipboard. The wrapped one, `ESC P tmux; … ESC \` with every ESC inside doubled so
    // tmux does not end the DCS early, goes straight to the outer terminal, but only with
    // `allow-passthrough on` (off by default since tmux 3.3). Either alone did nothing under some
    // settings; both at once set the clipboard twice to the same text.
    const plain = `${ESC}]52;c;${b64}${BEL}`;
    return `${plain}${passThrough(plain, env)}`;
  }
  if (env.STY && env.TERM?.startsWith('screen')) {
    // The layout from hterm's osc52.vim: each DCS string stays under screen's limit and the outer
    // terminal sees one OSC 52 once screen strips the DCS framing.
    const chunks = b64.match(new RegExp(`.{1,${SCREEN_CHUNK}}`, 'g')) ?? [''];
    return `${ESC}P${ESC}]52;c;${chunks.join(`${ST}${ESC}P`)}${BEL}${ST}`;
  }
  return `${ESC}]52;c;${b64}${BEL}`;
}

/**
 * What to tell the user after sending a copy: no terminal confirms OSC 52, so this says where the
 * text went, and under tmux which settings let it through.
 */
export function osc52Notice(env: NodeJS.ProcessEnv = process.env): string {
  return env.TMUX ? 'sent to the terminal (tmux: needs set-clipboard on)' : 'sent to the terminal';
}
