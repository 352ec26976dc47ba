// The app tells the chunk loader (src/boot/chunk-loader.ts, in dist/pipetop.js) that its first frame
// is out, so the loader writes its code cache then, off the critical path. The loader and the app are
// separate bundles, hence a process-wide symbol rather than a shared module; outside the bundle
// (tests, tsx) nobody listens.
export const FIRST_FRAME = Symbol.for('pipetop.firstFrame');

export function signalFirstFrame(): void {
  const hook = (globalThis as Record<symbol, unknown>)[FIRST_FRAME];
  if (typeof hook === 'function') (hook as () => void)();
}
