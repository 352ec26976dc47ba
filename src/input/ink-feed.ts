// Keys for Ink components, from the one reader. src/input parses stdin and the controller routes
// each key; components that listen through Ink's `useInput` (ink-text-input, ink-select-input) get
// the keys the controller routes to them through this feed: one key per event, a paste whole.
//
// Ink 6's `useInput` subscribes a component's handler to the 'input' events of the emitter on its
// stdin context (node_modules/ink/build/hooks/use-input.js), and re-subscribes it in a passive
// effect after every render. Two keys emitted before those effects ran reach the handler of the
// render before the first key, whose closure holds the old value: so ink-text-input would lose
// keys of a burst (docs/input-experiments.md). So the feed flushes React's pending work before
// each key (the port's `flush`, src/ui/InkKeyPort.tsx): every key sees what the previous one left.
import { PassThrough } from 'node:stream';
/** Who a key is for: the one-line field in front (a prompt, a `/` filter) or its choice menu. */
export type FeedTarget = 'field' | 'menu';

/** What the React side hands the feed (src/ui/InkKeyPort.tsx). */
export interface InkPort {
  /** Emits one key's bytes (or a paste's text) as Ink's stdin reader would: `emitter.emit('input', data)`. */
  emit(data: string): void;
  /** Renders and runs the pending effects now, so the handlers subscribed are the latest render's. */
  flush(): void;
}

/**
 * The bytes Ink's parse-keypress reads as the key a field understands. Keys are sent by what they
 * mean (the controller resolved them through the keymap, so a user's own keys work), never as the
 * user's bytes: a Ctrl+B bound to `edit.left` reaches ink-text-input as Left, not as a `b`.
 */
export const INK_KEYS = {
  left: '\u001B[D',
  right: '\u001B[C',
  up: '\u001B[A',
  down: '\u001B[B',
  backspace: '\b',
  enter: '\r',
  tab: '\t',
  shiftTab: '\u001B[Z',
} as const;

export type InkKeyName = keyof typeof INK_KEYS;

export class InkFeed {
  private port: InkPort | null = null;
  private readonly targets = new Map<FeedTarget, number>();
  /** Keys and texts emitted, for tests: how many reached Ink. */
  sent = 0;

  /** The port of the mounted app; returns the detach. */
  attach(port: InkPort): () => void {
    this.port = port;
    return () => {
      if (this.port === port) this.port = null;
    };
  }

  /** A component listening as `target` (while its `useInput` is active); returns the release. */
  listen(target: FeedTarget): () => void {
    this.targets.set(target, (this.targets.get(target) ?? 0) + 1);
    return () => {
      const n = (this.targets.get(target) ?? 1) - 1;
      if (n > 0) this.targets.set(target, n);
      else this.targets.delete(target);
    };
  }

  /**
   * Whether a component listens as `target` now. Flushes first: a field opened by the key before
   * (`:` then `k` in one read) subscribes in an effect, which has then run.
   */
  ready(target: FeedTarget): boolean {
    if (!this.port) return false;
    this.port.flush();
    return this.targets.has(target);
  }

  /** One key by name to `target`; false when nothing listens there (the caller edits without Ink). */
  key(target: FeedTarget, name: InkKeyName): boolean {
    return this.emit(target, INK_KEYS[name]);
  }

  /**
   * Typed or pasted text, whole, to `target`: Ink's `useInput` passes a string of several characters
   * as one `input` (a paste lands at once, as in Ink). The caller has made it printable.
   */
  text(target: FeedTarget, text: string): boolean {
    return text.length > 0 && this.emit(target, text);
  }

  private emit(target: FeedTarget, data: string): boolean {
    if (!this.ready(target)) return false;
    this.port!.emit(data);
    this.sent++;
    return true;
  }
}

/**
 * The stdin Ink is given: it never speaks (src/input reads the terminal), yet it says it is a
 * terminal with raw mode, because a component's `useInput` asks Ink for raw mode when it mounts and
 * Ink throws if its stdin cannot (node_modules/ink/build/components/App.js, handleSetRawMode).
 * Raw mode itself is src/input's: asking here changes nothing.
 */
export function quietStdin(): NodeJS.ReadStream {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode(mode: boolean): unknown; ref(): unknown; unref(): unknown };
  stream.isTTY = true;
  stream.setRawMode = () => stream;
  stream.ref = () => stream;
  stream.unref = () => stream;
  return stream as unknown as NodeJS.ReadStream;
}
