// `--token -`: the token comes on standard input (pipetop and pipetop watch read it the same way).

/** All of a stream as text, refused past `max` bytes (a token is short; a file piped by mistake is not). */
export async function readAll(stream: NodeJS.ReadableStream, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buf.length;
    if (size > max) throw new Error(`standard input is longer than ${max} bytes; --token - expects only a token`);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How much of standard input `--token -` reads at most. */
export const TOKEN_INPUT_MAX = 64 * 1024;
