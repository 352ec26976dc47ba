// undici's request() hands back the body exactly as sent; we ask for gzip (logs compress ~10×), so
// decoding is ours to do, for buffered bodies and for streamed downloads alike.
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import * as zlib from 'node:zlib';

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

function normalise(encoding: string | undefined): string {
  return (encoding ?? '').trim().toLowerCase();
}

export function isEncoded(encoding: string | undefined): boolean {
  const e = normalise(encoding);
  return e !== '' && e !== 'identity';
}

export async function decodeBuffer(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  const e = normalise(encoding);
  // 204/304 and HEAD carry the header but no bytes.
  if (body.length === 0 || e === '' || e === 'identity') return body;
  if (e === 'gzip' || e === 'x-gzip') return gunzip(body);
  if (e === 'deflate') return inflate(body);
  if (e === 'br') return brotli(body);
  throw new Error(`unsupported Content-Encoding "${e}"`);
}

export function decodeStream(body: Readable, encoding: string | undefined): Readable {
  const e = normalise(encoding);
  if (e === '' || e === 'identity') return body;
  let decoder: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress;
  if (e === 'gzip' || e === 'x-gzip') decoder = zlib.createGunzip();
  else if (e === 'deflate') decoder = zlib.createInflate();
  else if (e === 'br') decoder = zlib.createBrotliDecompress();
  else throw new Error(`unsupported Content-Encoding "${e}"`);
  // Errors on the source must surface on the stream the caller reads.
  body.on('error', (err) => decoder.destroy(err));
  return body.pipe(decoder);
}
