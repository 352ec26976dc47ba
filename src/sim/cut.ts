// Dropping a request the way a failing server or proxy does. Over HTTP/1.1 that is the TCP
// connection; over HTTP/2 it is the one stream, reset with INTERNAL_ERROR as nginx does when its
// upstream fails mid-response (destroying the compat layer's socket proxy would end the stream
// cleanly instead, and a cut-short body would then look complete).
import type { IncomingMessage } from 'node:http';
import { constants, type Http2ServerRequest } from 'node:http2';

export function cut(req: IncomingMessage): void {
  const stream = req.httpVersion === '2.0' ? (req as unknown as Http2ServerRequest).stream : null;
  if (stream) stream.close(constants.NGHTTP2_INTERNAL_ERROR);
  else req.socket.destroy();
}
