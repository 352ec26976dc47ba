// Public surface of platform: talking to the user's machine (browser, clipboard, notifications) from a TUI.
export { openUrl, browserCommand, type OpenUrlOptions, type OpenResult, type SpawnFn, type SpawnedProcess } from './open-url.js';
export { osc52Copy, osc52Notice, OSC52_MAX_BASE64 } from './osc52.js';
export { notificationBytes, NOTIFY_BODY_MAX, NOTIFY_TITLE_MAX, type Notification, type NotificationBytes, type NotifyChannels } from './notify.js';
export { passThrough, multiplexerOf, type Multiplexer } from './passthrough.js';
export { endRunningShells } from './shell.js';
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
} from '../lib/safe-file.js';
