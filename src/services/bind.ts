// Binding a face's listening socket: every face (www, api, ssh, telnet; snmp, dns and ntp
// over UDP) listens the same way.

import dgram from 'node:dgram';
import type net from 'node:net';

/** Listens on `host:port` (port 0: a free one); the port bound, or the bind's error (EADDRINUSE ...). */
export function listenOn(server: net.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

/**
 * A UDP socket of the family of `host`, a listen address already checked (--listen, the
 * menus' address values): an IPv6 one has a colon. net.isIPv6 would compile Node's large IPv6
 * pattern on a start's first call, some milliseconds of it.
 */
export const udpSocket = (host: string): dgram.Socket => dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');

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
