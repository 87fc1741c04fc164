// The ntp face: the router's NTP server on UDP (123 on the router, a stand-in here:
// src/services/stand-in.ts) while /system/ntp/server is enabled. The face only carries
// datagrams: `answer` (src/menus/system/ntp.ts) makes the reply, at once, from the request
// alone. A datagram of any size costs one read and at most one 48-byte reply, so a flood costs
// CPU in proportion and no memory; nothing a client sends ends the process.

import { bindUdp, udpSocket } from './bind.js';
import type { Listener, ListenSpec } from './services.js';

/** Largest datagram read: a request with extension fields and a MAC is far smaller. */
const MAX_REQUEST = 1024;

export async function startNtp(spec: ListenSpec, answer: (request: Buffer) => Buffer | undefined): Promise<Listener> {
  let allowed = spec.allowed;
  const socket = udpSocket(spec.host);
  socket.on('error', () => {});
  socket.on('message', (m, from) => {
    if (m.length > MAX_REQUEST || !allowed(from.address)) return;
    let reply: Buffer | undefined;
    try { reply = answer(m); } catch { return; }
    if (reply) socket.send(reply, from.port, from.address, () => {});
  });
  const port = await bindUdp(socket, spec.port, spec.host);
  return {
    port,
    update: (next) => { allowed = next.allowed; },
    close: () => new Promise<void>((ok) => { try { socket.close(() => ok()); } catch { ok(); } }),
  };
}
