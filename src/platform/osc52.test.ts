import { describe, expect, it } from 'vitest';
import { safeText } from '../text/safe.js';
import { OSC52_MAX_BASE64, osc52Copy as copyBytes, osc52Notice } from './osc52.js';

// The writer takes only text that passed the primitive (src/text/safe.ts); clean text passes unchanged.
const osc52Copy = (text: string, env: NodeJS.ProcessEnv) => copyBytes(safeText(text, Infinity), env);

const ESC = '\x1b';
const BEL = '\x07';

describe('osc52Copy', () => {
  it('plain terminal: ESC ] 52 ; c ; base64 BEL', () => {
    expect(osc52Copy('hi', {})).toBe(`${ESC}]52;c;aGk=${BEL}`);
  });

  it('encodes UTF-8', () => {
    expect(osc52Copy('é', {})).toBe(`${ESC}]52;c;w6k=${BEL}`);
  });

  it('tmux: the plain OSC 52 for set-clipboard, then the DCS pass-through with every ESC doubled', () => {
    // Default tmux (allow-passthrough off) drops the wrapped form: the plain one alone can get through.
    expect(osc52Copy('hi', { TMUX: '/tmp/tmux-1000/default,123,0', TERM: 'screen-256color' })).toBe(
      `${ESC}]52;c;aGk=${BEL}${ESC}Ptmux;${ESC}${ESC}]52;c;aGk=${BEL}${ESC}\\`,
    );
  });

  it('says the text was sent, not copied: nothing confirms it', () => {
    expect(osc52Notice({})).toBe('sent to the terminal');
    expect(osc52Notice({ TMUX: '/tmp/tmux-1000/default,123,0' })).toBe('sent to the terminal (tmux: needs set-clipboard on)');
    expect(osc52Notice({ TMUX: 't' })).not.toMatch(/copied/i);
  });

  it('GNU screen: DCS wrapping', () => {
    expect(osc52Copy('hi', { STY: '123.pts-0.host', TERM: 'screen.xterm-256color' })).toBe(`${ESC}P${ESC}]52;c;aGk=${BEL}${ESC}\\`);
  });

  it('GNU screen: long payloads are split into DCS strings of 76 base64 bytes', () => {
    const text = 'a'.repeat(100); // 136 base64 bytes
    const b64 = Buffer.from(text).toString('base64');
    expect(osc52Copy(text, { STY: 's', TERM: 'screen' })).toBe(`${ESC}P${ESC}]52;c;${b64.slice(0, 76)}${ESC}\\${ESC}P${b64.slice(76)}${BEL}${ESC}\\`);
  });

  it('STY without a screen TERM (e.g. ssh from inside screen) is a plain terminal', () => {
    expect(osc52Copy('hi', { STY: 's', TERM: 'xterm-256color' })).toBe(`${ESC}]52;c;aGk=${BEL}`);
  });

  it('refuses payloads over the limit', () => {
    const tooLong = 'x'.repeat((OSC52_MAX_BASE64 / 4) * 3 + 3);
    expect(() => osc52Copy(tooLong, {})).toThrow(/limit/);
    expect(() => osc52Copy('x'.repeat((OSC52_MAX_BASE64 / 4) * 3), {})).not.toThrow();
  });
});

// The clipboard writer takes only text that passed src/text/safe.ts. `tsc --noEmit`
// (npm run typecheck) fails if a plain string is accepted: the directive below would be unused.
it('accepts only a SafeString (checked by the compiler)', () => {
  // @ts-expect-error a raw string has not passed the primitive
  const raw = () => copyBytes('\x1b]0;owned\x07', {});
  expect(typeof raw).toBe('function');
});
