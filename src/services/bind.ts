// Binding a face's listening socket: every face (www, api, ssh, telnet; snmp, dns and ntp
// over UDP) listens the same way.

import dgram from 'node:dgram';
import fs from 'node:fs';
import type net from 'node:net';

/** Listens on `host:port` (port 0: a free one); the port bound, or the bind's error (EADDRINUSE ...). */
export async function listenOn(server: net.Server, port: number, host: string): Promise<number> {
  if (port !== 0) return listenAt(server, port, host);
  for (let tries = 0; tries < FREE_PORT_TRIES; tries++) {
    try {
      return await listenAt(server, (freePorts ??= new FreePorts()).next(), host);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    }
  }
  return listenAt(server, 0, host);
}

/** One bind; either way neither handler stays on the server (a free port may take several). */
function listenAt(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const failed = (e: Error) => {
      server.off('listening', listening);
      reject(e);
    };
    const listening = () => {
      server.off('error', failed);
      resolve((server.address() as net.AddressInfo).port);
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(port, host);
  });
}

/**
 * A UDP socket of the family of `host`, a listen address already checked (--listen, the
 * menus' address values): an IPv6 one has a colon. net.isIPv6 would compile Node's large IPv6
 * pattern on a start's first call, some milliseconds of it.
 */
export const udpSocket = (host: string): dgram.Socket => dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');

/**
 * A free port is one this process names, not one the kernel searches for. The kernel's search
 * (a bind to port 0) walks the ports bound on the whole machine, and grows with them: at a
 * few thousand bound it took 3 ms of CPU a bind here, most of a thousand-router lab's start,
 * where a bind to a port named is one lookup (40 us). The ports named are the kernel's own
 * range for free ports (Linux's ip_local_port_range, else the dynamic ports 49152-65535),
 * in turn from a random place in it, the next one when a port is taken.
 */
class FreePorts {
  private readonly lo: number;
  private readonly size: number;
  private at: number;

  constructor() {
    let [lo, hi] = [49152, 65535];
    try {
      const [l, h] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
      if (l > 0 && h >= l && h < 65536) [lo, hi] = [l, h];
    } catch { /* not Linux: the dynamic ports */ }
    this.lo = lo;
    this.size = hi - lo + 1;
    this.at = Math.floor(Math.random() * this.size);
  }

  next(): number {
    this.at = (this.at + 1) % this.size;
    return this.lo + this.at;
  }
}

/** Made at the first free port asked for: a router on fixed ports never reads the range. */
let freePorts: FreePorts | undefined;
/** Ports named before the kernel is left to find one: a range nearly full is searched by it. */
const FREE_PORT_TRIES = 64;

/** Binds a UDP socket to `host:port` (port 0: a free one); the port bound, or the bind's error. */
export function bindUdp(socket: dgram.Socket, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => {
      socket.off('error', reject);
      resolve(socket.address().port);
    });
  });
}

/** Why a bind failed, in words: the command line's `cannot listen` line and the /log line say it. */
export function bindReason(e: unknown, host: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EADDRINUSE': return 'address already in use';
    case 'EACCES': return 'permission denied';
    // --listen named an address no interface of this machine has.
    case 'EADDRNOTAVAIL': return `${host} is not an address of this machine (EADDRNOTAVAIL)`;
    case 'EINVAL': return `${host} cannot be listened on (EINVAL)`;
    default: return code ?? (e as Error).message;
  }
}
