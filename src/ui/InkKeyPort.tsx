// The React end of src/input/ink-feed.ts: it hands the feed Ink's input emitter (the one every
// `useInput` subscribes to) and a way to flush React's pending effects before each key. It also
// keeps Ink's own stdin reader out of that emitter: keys reach components only as the controller
// routes them (src/tui.tsx gives Ink a stdin that never speaks; ink-testing-library's does, and
// Ink starts reading it as soon as a component's `useInput` asks for raw mode).
import { useStdin } from 'ink';
import { useLayoutEffect } from 'react';
import type { InkFeed } from '../input/index.js';
// Ink's own reconciler instance (the one its render() made), which Ink's package does not export: its
// updates are asynchronous (React 19 runs Ink's root as a concurrent one), so a key's render, and
// the effect that re-subscribes a component's useInput, would come after the whole burst. Reached by
// path; Ink's index imports this very file, so it is the same module, in the bundle and in Node.
import inkReconciler from '../../node_modules/ink/build/reconciler.js';

/** The three calls of react-reconciler 0.33 used here (it ships no types). */
const reconciler = inkReconciler as unknown as {
  /** Runs `fn` with discrete (sync) priority, then renders, commits and runs the effects of that work. */
  flushSyncFromReconciler<R>(fn: () => R): R;
  /** Renders and commits the pending sync work (a store change from the key before). */
  flushSyncWork(): void;
  /** Runs the passive effects still pending (a useInput's subscription). */
  flushPassiveEffects(): boolean;
};

export function InkKeyPort({ feed }: { feed: InkFeed }): null {
  const { internal_eventEmitter: emitter } = useStdin();
  // A layout effect: attached in the commit that mounts it, before any key can come.
  useLayoutEffect(() => {
    let feeding = false;
    const own = Object.prototype.hasOwnProperty.call(emitter, 'emit');
    const original = emitter.emit;
    emitter.emit = function (this: typeof emitter, event: string | symbol, ...args: unknown[]): boolean {
      if (event === 'input' && !feeding) return false;
      return original.call(this, event, ...args);
    } as typeof emitter.emit;
    const detach = feed.attach({
      emit(data) {
        feeding = true;
        try {
          // The handler's state updates render before the next key, and their effects run.
          reconciler.flushSyncFromReconciler(() => emitter.emit('input', data));
        } finally {
          feeding = false;
        }
      },
      // What the key before changed (a prompt opened by `:`) is drawn and subscribed now.
      flush: () => {
        reconciler.flushSyncWork();
        reconciler.flushPassiveEffects();
      },
    });
    return () => {
      detach();
      if (own) emitter.emit = original;
      else delete (emitter as { emit?: unknown }).emit;
    };
  }, [emitter, feed]);
  return null;
}
