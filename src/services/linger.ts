// Closing a connection whose request body is still arriving, without losing the answer.
//
// Node ends a connection whose answer says `Connection: close` with socket.destroySoon():
// its FIN and then at once a close. Bytes of the body that still arrive then make the kernel
// send a reset, and a reset can throw away the answer before the client has read it: the
// client sees "connection reset" instead of its 413 or 401. So the server closes as RFC 9112
// (section 9.6) advises: FIN after the answer, then go on reading and discarding whatever
// still comes, for a bounded time, and only then close.

import type net from 'node:net';

/** How long a refused client may go on sending before its connection is cut. */
export const LINGER_MS = 2000;

/** Makes the next close of this connection (Node's, once the answer is out) a lingering one. */
export function lingerOnClose(socket: net.Socket, ms = LINGER_MS) {
  socket.destroySoon = function lingeringClose(this: net.Socket) {
    this.end();
    // Node's HTTP parser goes on consuming (and discarding) the rest of the body meanwhile.
    const timer = setTimeout(() => this.destroy(), ms);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}
