// Public surface of platform: talking to the user's machine (browser, clipboard) from a TUI.
export { openUrl, browserCommand, type OpenUrlOptions, type OpenResult, type SpawnFn, type SpawnedProcess } from './open-url.js';
export { osc52Copy, OSC52_MAX_BASE64 } from './osc52.js';
export {
  beginSafeWrite,
  checkTarget,
  cleanupTempFiles,
  removeStaleTempFiles,
  safeBasename,
  TargetError,
  writeFileSafely,
  type PendingWrite,
  type TargetCheck,
  type TargetOptions,
} from './safe-file.js';
