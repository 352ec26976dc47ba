// The bytes of a notification: OSC 777 and OSC 9 desktop notifications, the window title and the
// bell; wrapped for tmux and screen like the OSC 52 copy; server text unable to break out; nothing
// for a channel turned off.
import { describe, expect, it } from 'vitest';
import { NOTIFY_BODY_MAX, NOTIFY_TITLE_MAX, notificationBytes as bytesOf, type NotifyChannels } from '../../src/platform/notify.js';
import { passThrough } from '../../src/platform/passthrough.js';
import { osc52Copy as copyBytes } from '../../src/platform/osc52.js';
import { safeText, type SafeString } from '../../src/text/safe.js';

// The writers take only SafeStrings (src/text/safe.ts). Cast here, not sanitized: the writer's own
// cleaning (a `;` cannot split OSC 777's fields, lengths are bounded) stays tested on raw server text.
const notificationBytes = (n: { title: string; body: string }, channels?: NotifyChannels, env?: NodeJS.ProcessEnv) =>
  bytesOf({ title: n.title as SafeString, body: n.body as SafeString }, channels, env);
const osc52Copy = (text: string, env: NodeJS.ProcessEnv) => copyBytes(safeText(text), env);

const ESC = '\x1b';
const BEL = '\x07';
const n = { title: 'pipetop: pipeline failed', body: '#12 failed · main · acme/api' };

describe('notificationBytes', () => {
  it('a plain terminal: OSC 777 notify, OSC 9, OSC 2 title, then BEL', () => {
    expect(notificationBytes(n, {}, {})).toBe(
      `${ESC}]777;notify;pipetop: pipeline failed;#12 failed · main · acme/api${BEL}` +
        `${ESC}]9;pipetop: pipeline failed: #12 failed · main · acme/api${BEL}` +
        `${ESC}]2;pipetop: pipeline failed${BEL}` +
        BEL,
    );
  });

  it('tmux: each OSC in a DCS pass-through with its ESCs doubled; the bell stays bare', () => {
    const out = notificationBytes(n, {}, { TMUX: '/tmp/tmux-1000/default,1,0' });
    expect(out).toBe(
      `${ESC}Ptmux;${ESC}${ESC}]777;notify;pipetop: pipeline failed;#12 failed · main · acme/api${BEL}${ESC}\\` +
        `${ESC}Ptmux;${ESC}${ESC}]9;pipetop: pipeline failed: #12 failed · main · acme/api${BEL}${ESC}\\` +
        `${ESC}Ptmux;${ESC}${ESC}]2;pipetop: pipeline failed${BEL}${ESC}\\` +
        BEL,
    );
  });

  it('screen: each OSC in a DCS string', () => {
    const out = notificationBytes({ title: 't', body: 'b' }, { bell: false }, { STY: '123.pts-0', TERM: 'screen-256color' });
    expect(out).toBe(`${ESC}P${ESC}]777;notify;t;b${BEL}${ESC}\\${ESC}P${ESC}]9;t: b${BEL}${ESC}\\${ESC}P${ESC}]2;t${BEL}${ESC}\\`);
  });

  it('the same tmux wrapping as the OSC 52 copy (which sends the plain sequence too)', () => {
    const env = { TMUX: '/tmp/tmux-1000/default,1,0' };
    const plain = `${ESC}]52;c;aGk=${BEL}`;
    expect(plain + passThrough(plain, env)).toBe(osc52Copy('hi', env));
  });

  it('each channel can be turned off; all off writes nothing', () => {
    expect(notificationBytes(n, { desktop: false, title: false }, {})).toBe(BEL);
    expect(notificationBytes(n, { bell: false, title: false }, {})).not.toContain(`]2;`);
    expect(notificationBytes(n, { bell: false, desktop: false }, {})).toBe(`${ESC}]2;pipetop: pipeline failed${BEL}`);
    expect(notificationBytes(n, { bell: false, desktop: false, title: false }, {})).toBe('');
    expect(notificationBytes(n, { bell: false, desktop: false, title: false }, { TMUX: 'x' })).toBe('');
  });

  it('server text cannot end the sequence or start another: no controls, no `;` field breaks, bounded', () => {
    const hostile = { title: `evil\x07\x1b]52;c;aGk=\x07${'t'.repeat(500)}`, body: `a;b\x9b2J\x1b[2J${'x'.repeat(5000)}` };
    const out = notificationBytes(hostile, { bell: false }, {});
    const osc = out.split(BEL).filter(Boolean);
    expect(osc).toHaveLength(3);
    for (const s of osc) {
      expect(s.startsWith(`${ESC}]`)).toBe(true);
      expect(s.slice(1)).not.toMatch(/[\x00-\x1f\x7f-\x9f]/);
    }
    const [, , title, body] = osc[0]!.split(';');
    expect(osc[0]!.split(';')).toHaveLength(4);
    expect([...title!].length).toBeLessThanOrEqual(NOTIFY_TITLE_MAX);
    expect([...body!].length).toBeLessThanOrEqual(NOTIFY_BODY_MAX);
    expect(body!.startsWith('a,b')).toBe(true);
  });
});

// The title/notification writer takes only values that passed src/text/safe.ts;
// `tsc --noEmit` fails if a plain string is accepted (the directive would be unused).
it('accepts only SafeStrings (checked by the compiler)', () => {
  // @ts-expect-error raw strings have not passed the primitive
  const raw = () => bytesOf({ title: '\x1b]0;owned\x07', body: 'b' }, {}, {});
  expect(typeof raw).toBe('function');
});
