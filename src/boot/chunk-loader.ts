// Loads the bundle's chunks (dist/chunks/, CommonJS: scripts/build.mjs) with V8's code cache. Start-up
// spent ~40 ms compiling the 1.2 MB the first frame needs; with the compiled code of the last run
// read back, a few ms (bench/startup.mjs, docs/performance.md). Node 20 has no compile cache for
// modules (module.enableCompileCache is Node 22) and no public one for ESM, hence CommonJS chunks
// compiled here through vm.Script with `cachedData`. Where the cache is kept, and why it is safe to
// trust: src/boot/code-cache.ts.
//
// The cache is written off the critical path: once the first frame is out (the app calls the hook
// of src/boot/first-frame.ts) — so it holds the functions compiled by then too — and at exit for
// chunks loaded since. A cache V8 rejects is compiled over as without one, and rewritten; one that
// fails our own check, or that a run died reading, is removed, and the user is told once where the
// cache is and how to turn it off.
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import {
  cacheDirFor,
  cacheName,
  crc32,
  markLoading,
  prepareDir,
  prune,
  readCache,
  runtimeKey,
  unmarkLoading,
  writeCache,
  type CodeCacheEnv,
} from './code-cache.js';
import { FIRST_FRAME } from './first-frame.js';

/** What happened to one chunk's cache; PIPETOP_DEBUG_CODE_CACHE=1 prints these at exit. */
export type CacheOutcome = 'hit' | 'miss' | 'rejected' | 'off' | 'damaged' | 'crashed';

interface Loaded {
  file: string;
  name: string;
  script: Script;
  outcome: CacheOutcome;
  /** A write was attempted (once per chunk and run). */
  tried: boolean;
  written: boolean;
}

interface Module {
  exports: unknown;
}

export interface ChunkLoaderOptions {
  env?: CodeCacheEnv;
  /** Reports each chunk's outcome and writes on stderr at exit. */
  debug?: boolean;
  /** Where the user is told of a damaged cache (stderr). */
  warn?: (line: string) => void;
}

export interface ChunkLoader {
  /** Runs a chunk (once; later calls return its exports) and returns its exports. */
  load(file: string): unknown;
  /** Writes the cache of every chunk whose cache was not used; returns how many were written. */
  flush(): number;
  /** Each loaded chunk's file name and outcome, in load order. */
  report(): Array<{ chunk: string; outcome: CacheOutcome; written: boolean }>;
  /** Why there is no cache, or undefined when there is one. */
  readonly off: string | undefined;
}

/**
 * The comment's U+0100 makes V8 hold each chunk's source two bytes a character. A one-byte source
 * started slower: first frame +4 to +8 ms, CPU to it +6 to +9 ms, in five interleaved runs of
 * bench/startup.mjs (two-byte by accident before 88af286, whose ASCII chunks made them one byte).
 */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname, __pipetop_import_meta_url) {/*\u0100*/';
const WRAPPER_TAIL = '\n})';

export function createChunkLoader(options: ChunkLoaderOptions = {}): ChunkLoader {
  const env = options.env ?? process.env;
  const where = cacheDirFor(env);
  let dir: string | undefined;
  let off: string | undefined;
  if ('off' in where) off = where.off;
  else if (prepareDir(where.dir)) dir = where.dir;
  else off = `cannot use ${where.dir}`;
  // The wrapper is part of the source V8 compiled, and V8 checks only its length: a loader whose
  // wrapper changed must not read a cache compiled around the old one.
  const runtime = dir ? runtimeKey(env) + crc32(WRAPPER_HEAD + WRAPPER_TAIL) : '';
  const modules = new Map<string, Module>();
  const loaded: Loaded[] = [];
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  let told = false;
  // Once a run: a damaged file usually comes with others (one power cut), one line says it all.
  const tell = (what: string, file: string) => {
    if (told) return;
    told = true;
    const shown = `${dir}/${file}`.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
    warn(
      `pipetop: ${what} (${shown}); it was removed and the code compiled without it. The cache is kept in ${String(dir).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?')}; PIPETOP_NO_CODE_CACHE=1 turns it off.`,
    );
  };

  function load(file: string): unknown {
    const known = modules.get(file);
    if (known) return known.exports;
    // Hashed as bytes, and decoded as Latin-1 when ASCII (scripts/build.mjs sees that it is): cheaper
    // than decoding UTF-8, for the 1.1 MB the first frame needs.
    const bytes = readFileSync(file);
    const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
    const name = dir ? cacheName(basename(file), bytes, runtime) : '';
    let cachedData: Buffer | undefined;
    let found: 'damaged' | 'crashed' | undefined;
    if (dir) {
      const read = readCache(dir, name);
      if (read === 'damaged') {
        found = 'damaged';
        tell('a code cache file failed its checksum (a crash or power cut while it was written?)', name);
      } else if (read) {
        const mark = markLoading(dir, name);
        if (mark === 'go') cachedData = read;
        else if (mark === 'crashed') {
          found = 'crashed';
          tell('the last start of pipetop died while loading a code cache file', name);
        }
      }
    }
    let script: Script;
    try {
      script = new Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename: file, ...(cachedData ? { cachedData } : {}) });
    } finally {
      if (cachedData && dir) unmarkLoading(dir, name);
    }
    const outcome: CacheOutcome = !dir ? 'off' : found ? found : !cachedData ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
    loaded.push({ file, name, script, outcome, tried: false, written: false });
    const module: Module = { exports: {} };
    modules.set(file, module);
    const nodeRequire = createRequire(file);
    const chunkRequire = (specifier: string): unknown => (specifier.startsWith('./') ? load(resolve(dirname(file), specifier)) : nodeRequire(specifier));
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run.call(module.exports, module.exports, chunkRequire, module, file, dirname(file), pathToFileURL(file).href);
    return module.exports;
  }

  function flush(): number {
    if (!dir) return 0;
    let written = 0;
    for (const l of loaded) {
      if (l.tried || l.outcome === 'hit') continue;
      l.tried = true;
      try {
        l.written = writeCache(dir, l.name, l.script.createCachedData());
        if (l.written) written++;
      } catch {
        // createCachedData can fail (out of memory): the next run compiles as this one did.
      }
    }
    if (written > 0) prune(dir, new Set(loaded.map((l) => l.name)));
    return written;
  }

  const report = (): ReturnType<ChunkLoader['report']> => loaded.map((l) => ({ chunk: basename(l.file), outcome: l.outcome, written: l.written }));
  return { load, flush, report, off };
}

/**
 * Runs the bundle's entry chunk; the cache is written after the first frame (within `delayMs` of
 * it, so the code the first data needs is compiled and kept too) or at exit, whichever is first.
 */
export function runEntry(entry: string, options: ChunkLoaderOptions & { delayMs?: number } = {}): void {
  const loader = createChunkLoader(options);
  let timer: NodeJS.Timeout | undefined;
  (globalThis as Record<symbol, unknown>)[FIRST_FRAME] = () => {
    if (timer) return;
    timer = setTimeout(() => loader.flush(), options.delayMs ?? 1000);
    timer.unref();
  };
  process.on('exit', () => {
    loader.flush();
    if (options.debug) {
      const lines = loader.report().map((r) => `pipetop code cache: ${r.chunk} ${r.outcome}${r.written ? ', written' : ''}`);
      process.stderr.write(`${[...(loader.off ? [`pipetop code cache: off (${loader.off})`] : []), ...lines].join('\n')}\n`);
    }
  });
  loader.load(entry);
}
