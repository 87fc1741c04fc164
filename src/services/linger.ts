// Closing a connection whose request body is still arriving, without losing the answer.
//
// Node ends a connection whose answer says `Connection: close` with socket.destroySoon():
// its FIN and then at once a close. Bytes of the body that still arrive then make the kernel
// send a reset, and a reset can throw away the answer before the client has read it: the
// client sees "connection reset" (or, still writing, EPIPE) instead of its 413 or 401. So the
// server closes as RFC 9112 (section 9.6) advises: FIN after the answer, then go on reading
// and discarding whatever still comes, and only close once the client has stopped sending for
// LINGER_MS (a client that writes its whole body before it reads, as Python's http.client
// does, gets to its answer however large the body), or after LINGER_MAX_MS in all.

import type net from 'node:net';

/** How long a refused client may stay silent before its connection is cut. */
export const LINGER_MS = 2000;
/** How long a refused client may go on sending in all. */
export const LINGER_MAX_MS = 30_000;

/** Makes the next close of this connection (Node's, once the answer is out) a lingering one. */
export function lingerOnClose(socket: net.Socket, ms = LINGER_MS) {
  socket.destroySoon = function lingeringClose(this: net.Socket) {
    endLingering(this, undefined, ms);
  };
}

/**
 * Sends `answer` (if any) and the FIN, then lets what still comes be read and dropped until
 * the client has been silent for `ms`: Node's HTTP parser goes on consuming (and discarding)
 * the body of a request it parses; a connection it gave up on is read by `stopParsing`.
 */
export function endLingering(socket: net.Socket, answer?: string | Buffer, ms = LINGER_MS) {
  if (answer === undefined) socket.end(); else socket.end(answer);
  const started = Date.now();
  let read = socket.bytesRead;
  const timer = setInterval(() => {
    if (socket.bytesRead === read || Date.now() - started >= LINGER_MAX_MS) socket.destroy();
    read = socket.bytesRead;
  }, ms);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}

/** What Node's HTTP server hangs on a connection it parses (internal, hence looked for). */
interface Parsed {
  parser?: { _consumed?: boolean; unconsume?: () => void } | null;
  _handle?: { _consumed?: boolean } | null;
}

/**
 * Takes a connection from Node's HTTP parser once it has failed on the client's bytes (a
 * broken chunk, a request line of garbage): the parser stops reading there, so what the
 * client still sends would meet a closed door and a reset. Node's parser reads the socket
 * natively, past JavaScript; `unconsume` gives the reading back (as Node's own server does
 * before an upgrade), and from then on what comes is read here and dropped.
 */
export function stopParsing(socket: net.Socket) {
  const s = socket as unknown as Parsed;
  if (s.parser?._consumed && s.parser.unconsume) {
    s.parser.unconsume();
    s.parser._consumed = false;
    if (s._handle) s._handle._consumed = false;
  }
  socket.removeAllListeners('data');
  socket.on('data', discard);
  socket.resume();
}

function discard() {}
