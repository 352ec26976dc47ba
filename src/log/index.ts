// The job-log engine (no React): line model with sections and folds, SGR-only sanitizer, bounded
// spool, search, first failure line, and the incremental tail.
export { LogModel, type LogLine, type LogModelOptions, type Section } from './log-model.js';
export { parseStyledLine, stripAnsi } from './sanitize.js';
export { ANSI_COLORS, type AnsiColor, type Span, type Style } from './style.js';
export type { SearchOptions, SearchResult } from './search.js';
export { LiveSearch, type LiveSearchOptions, type LiveSearchResult } from './live-search.js';
export { wrapSpans, wrappedRowCount } from './wrap.js';
export { fitViewport, lastPageTop, type Viewport, type ViewportInput } from './viewport.js';
export { freeBytes, pipetopTempDir, TempDirError } from './temp-dir.js';
export { TempFile } from './temp-file.js';
