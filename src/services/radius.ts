// The radius face: /radius/incoming on UDP (`port`, 3799 by default: RFC 5176 3's port, no
// root needed) while `accept=yes`. The face only carries datagrams: `answer`
// (src/menus/radius-incoming.ts) checks a CoA or Disconnect-Request and makes the reply at
// once, from the request alone. A datagram costs one read, one decode and two MD5s at most,
// and one reply no larger than the request's header and an Error-Cause: a flood costs CPU in
// proportion and no memory, and nothing a client sends ends the process.

import { bindUdp, udpSocket } from './bind.js';
import type { Listener, ListenSpec } from './services.js';

/** RFC 2865 3: no RADIUS packet is larger. */
const MAX_REQUEST = 4096;

export async function startRadiusIncoming(spec: ListenSpec, answer: (request: Buffer, from: string) => Buffer | undefined): Promise<Listener> {
  const socket = udpSocket(spec.host);
  socket.on('error', () => {});
  socket.on('message', (m, from) => {
    if (m.length > MAX_REQUEST) return;
    let reply: Buffer | undefined;
    try { reply = answer(m, from.address); } catch { return; }
    if (reply) socket.send(reply, from.port, from.address, () => {});
  });
  const port = await bindUdp(socket, spec.port, spec.host);
  return {
    port,
    update: () => {},
    close: () => new Promise<void>((ok) => { try { socket.close(() => ok()); } catch { ok(); } }),
  };
}
