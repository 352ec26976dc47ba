// "Your pipeline ended", told through the terminal itself, so it works over SSH and inside tmux with
// nothing installed: the bell (the terminal or tmux flags the window), a desktop notification by
// OSC 777 (urxvt's `notify`, also foot, WezTerm, Ghostty, kitty…) and OSC 9 (iTerm2, Windows Terminal,
// ConEmu, WezTerm, kitty…) — both, since a terminal ignores the one it does not know — and the window
// title. Titles and bodies come from the server (pipeline refs, project paths): they are sanitized
// and bounded, so a branch name cannot end the sequence early and smuggle in its own.
import { safeText, type SafeString } from '../text/safe.js';
import { passThrough } from './passthrough.js';

const ESC = '\x1b';
const BEL = '\x07';

export const NOTIFY_TITLE_MAX = 60;
export const NOTIFY_BODY_MAX = 200;

/** Each channel can be turned off (config file: `notifications: {bell, desktop, title}`). */
export interface NotifyChannels {
  bell?: boolean;
  desktop?: boolean;
  title?: boolean;
}

/** Both parts must have passed src/text/safe.ts (the writers of terminal bytes take nothing else). */
export interface Notification {
  title: SafeString;
  body: SafeString;
}

/** Server text made safe inside an OSC string: no controls, no `;` (OSC 777's field separator), bounded. */
function clean(text: string, max: number): string {
  return safeText(text, max).replaceAll(';', ',');
}

declare const BYTES: unique symbol;
/** Escape sequences built here from SafeStrings: the only bytes the app writes beside Ink (Platform.write). */
export type NotificationBytes = string & { readonly [BYTES]: true };

/** The bytes to write to the terminal for `n`; '' when every channel is off. */
export function notificationBytes(n: Notification, channels: NotifyChannels = {}, env: NodeJS.ProcessEnv = process.env): NotificationBytes {
  const title = clean(n.title, NOTIFY_TITLE_MAX);
  const body = clean(n.body, NOTIFY_BODY_MAX);
  let out = '';
  if (channels.desktop !== false) {
    out += passThrough(`${ESC}]777;notify;${title};${body}${BEL}`, env);
    out += passThrough(`${ESC}]9;${title}: ${body}${BEL}`, env);
  }
  if (channels.title !== false) out += passThrough(`${ESC}]2;${title}${BEL}`, env);
  // A bare BEL is not wrapped: tmux and screen act on it themselves (bell-action, the window flag)
  // and pass it on to the outer terminal.
  if (channels.bell !== false) out += BEL;
  return out as NotificationBytes;
}
