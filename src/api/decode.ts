// undici's request() hands back the body exactly as sent; we ask for gzip (logs compress ~10×), so
// decoding is ours to do, for buffered bodies and for streamed downloads alike.
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// Static: the launcher has node:zlib loaded before the app starts (src/boot/code-cache.ts, its CRC-32).
import * as zlib from 'node:zlib';

function normalise(encoding: string | undefined): string {
  return (encoding ?? '').trim().toLowerCase();
}

/** The decompressor for a normalised Content-Encoding; null for identity, undefined when unknown. */
function decompressor(e: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  if (e === '' || e === 'identity') return null;
  if (e === 'gzip' || e === 'x-gzip') return zlib.createGunzip();
  if (e === 'deflate') return zlib.createInflate();
  if (e === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

export function isEncoded(encoding: string | undefined): boolean {
  const e = normalise(encoding);
  return e !== '' && e !== 'identity';
}

/**
 * How far a streamed body may inflate: past `BOMB_RATIO` times its wire size (once over
 * `BOMB_FLOOR`) it is a compression bomb, whatever size caps allow. Real bodies stay far below: a
 * job log compresses about 10×, an artifacts archive (already zipped) about 1×; 1 MB of zeros
 * gzips 1000×.
 */
export const BOMB_RATIO = 200;
export const BOMB_FLOOR = 16 * 1024 * 1024;

/**
 * The decoded stream of `body`. Wire and decoded bytes are counted as they flow (as in
 * readDecoded): past `maxDecodedBytes`, or past BOMB_RATIO × the wire bytes, the stream fails with
 * a BodyLimitError, so a gzip bomb on a download stops there instead of inflating gigabytes to
 * disk. An identity body is the caller's to count.
 */
export function decodeStream(body: Readable, encoding: string | undefined, maxDecodedBytes = Infinity): Readable {
  const e = normalise(encoding);
  const decoder = decompressor(e);
  if (decoder === null) return body;
  if (decoder === undefined) throw new Error(`unsupported Content-Encoding "${e}"`);
  let wire = 0;
  let decoded = 0;
  const wireCounter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      wire += chunk.length;
      done(null, chunk);
    },
  });
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      decoded += chunk.length;
      if (decoded > maxDecodedBytes) return done(new BodyLimitError('decoded', maxDecodedBytes));
      if (decoded > BOMB_FLOOR && decoded > wire * BOMB_RATIO) return done(new BodyLimitError('ratio', BOMB_RATIO));
      done(null, chunk);
    },
  });
  // Errors anywhere must surface on the stream the caller reads; the source stops being read once
  // the counter gives up.
  body.on('error', (err) => wireCounter.destroy(err));
  wireCounter.on('error', (err) => decoder.destroy(err));
  decoder.on('error', (err) => counter.destroy(err));
  counter.on('error', () => body.destroy());
  return body.pipe(wireCounter).pipe(decoder).pipe(counter);
}

/** A body went over one of the caps; the transport turns it into an 'invalid-response' error. */
export class BodyLimitError extends Error {
  constructor(
    readonly which: 'wire' | 'decoded' | 'ratio',
    /** Bytes; for 'ratio', the decoded-to-wire ratio. */
    readonly limit: number,
  ) {
    super(
      which === 'wire'
        ? `larger than ${formatBytes(limit)}`
        : which === 'ratio'
          ? `inflates more than ${limit}×`
          : `decompressed size over ${formatBytes(limit)}`,
    );
  }
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/**
 * Reads a whole body, decoding as it streams, and stops the moment either the bytes on the wire or
 * the decoded bytes pass `maxBytes`: a gzip bomb (1 MB that inflates to gigabytes) or an endless
 * body costs at most the cap in memory, never the whole thing first and a check after.
 */
export async function readDecoded(source: Readable, encoding: string | undefined, maxBytes: number): Promise<{ body: Buffer; wireBytes: number }> {
  const e = normalise(encoding);
  const decoder = decompressor(e);
  if (decoder === undefined) {
    source.destroy();
    throw new Error(`unsupported Content-Encoding "${e}"`);
  }
  let wireBytes = 0;
  // stream.pipeline reports its own AbortError when a stage throws; the cap is what happened.
  let over: BodyLimitError | undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  const countWire = async function* (src: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of src) {
      wireBytes += chunk.length;
      if (wireBytes > maxBytes) throw (over = new BodyLimitError('wire', maxBytes));
      yield chunk;
    }
  };
  const collect = async (src: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of src) {
      size += chunk.length;
      if (size > maxBytes) throw (over = new BodyLimitError(decoder ? 'decoded' : 'wire', maxBytes));
      chunks.push(chunk);
    }
  };
  // 204/304 and HEAD may carry Content-Encoding with no bytes: an empty gzip stream is an error.
  if (decoder) {
    const first: Buffer[] = [];
    const it = countWire(source)[Symbol.asyncIterator]();
    const head = await it.next();
    if (head.done) return { body: Buffer.alloc(0), wireBytes: 0 };
    first.push(head.value);
    const rest = async function* (): AsyncGenerator<Buffer> {
      yield* first;
      for (let r = await it.next(); !r.done; r = await it.next()) yield r.value;
    };
    try {
      await pipeline(Readable.from(rest()), decoder, collect);
    } catch (err) {
      source.destroy();
      throw over ?? err;
    }
  } else {
    try {
      await collect(countWire(source));
    } catch (err) {
      source.destroy();
      throw err;
    }
  }
  return { body: Buffer.concat(chunks, size), wireBytes };
}
