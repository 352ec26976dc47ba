// The job-log engine (no React): line model with sections and folds, SGR-only sanitizer, bounded
// spool, search, first failure line, and the incremental tail.
export { LogModel, type LogLine, type LogModelOptions, type Section } from './log-model.js';
export { startTail, backoffDelay, quietDelay, logSaysJobEnded, type Tail, type TailOptions, type TailRead, type TailState } from './tail.js';
export { parseStyledLine, stripAnsi } from './sanitize.js';
export { ANSI_COLORS, type AnsiColor, type Span, type Style } from './style.js';
export type { SearchOptions, SearchResult } from './search.js';
