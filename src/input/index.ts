export { bindingName, makeKey, parseKeySpec, type InputEvent, type Key, type PasteEvent, type SpecialKeyName } from './key.js';
export { createKeyParser, DEFAULT_ESCAPE_TIMEOUT_MS, DEFAULT_PASTE_CAP, type KeyParser, type KeyParserOptions, type Timers } from './parser.js';
export { attachKeyReader, isRawModeSupported, type KeyReader, type KeyReaderOptions, type KeySource } from './reader.js';
export { startCrashGuard, type CrashGuard } from './crash-guard.js';
export { enterTerminal, installRestoreHooks, type TerminalModes, type TerminalSession } from './terminal.js';
export { InkFeed, INK_KEYS, quietStdin, type FeedTarget, type InkKeyName, type InkPort } from './ink-feed.js';
