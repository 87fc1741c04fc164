// The dns face: the router's DNS server for the devices of its network, on UDP and TCP on the
// same port (53 on the router, a stand-in here: src/services/stand-in.ts), while /ip/dns has
// `allow-remote-requests=yes`. The face only carries bytes: each query goes to `answer`
// (src/menus/ip/dns-server.ts), which decodes it, asks the resolver and encodes the reply.
//
// Bounded whatever the network sends: a datagram larger than any query is dropped unread;
// queries waiting for an answer are at most `MAX_PENDING` (the resolver's own
// `max-concurrent-queries` drops sooner); TCP takes at most `max-concurrent-tcp-sessions`
// connections at once, each a 2-byte length and at most 65535 bytes of query, closed after
// 10 s of silence or on a malformed frame. Nothing a client sends ends the process.

import type dgram from 'node:dgram';
import net from 'node:net';
import { bindUdp, listenOn, udpSocket } from './bind.js';
import type { Listener, ListenSpec } from './services.js';

/** What carries the query, as the answer needs to know it (UDP answers are cut to fit). */
export type DnsTransport = 'udp' | 'tcp';

export interface DnsFaceOptions {
  /** The reply to one query, or undefined to send nothing. */
  answer(query: Buffer, client: { address: string; port: number }, transport: DnsTransport): Promise<Buffer | undefined>;
  /** `max-concurrent-tcp-sessions` now. */
  tcpSessions(): number;
}

/** Largest datagram read as a query: a query with EDNS options is far smaller. */
const MAX_QUERY = 4096;
/** Queries the face holds at once, answered or waiting; more are dropped (the client asks again). */
const MAX_PENDING = 1000;
/** A TCP connection that sends nothing this long is closed (RFC 7766 suggests seconds). */
const TCP_IDLE_MS = 10_000;

export class DnsFace {
  private udp: dgram.Socket;
  private readonly tcp: net.Server;
  private readonly connections = new Set<net.Socket>();
  private pending = 0;
  private allowed: (address: string) => boolean;

  constructor(private readonly o: DnsFaceOptions, spec: ListenSpec) {
    this.allowed = spec.allowed;
    this.udp = this.freshUdp(spec.host);
    this.tcp = net.createServer((s) => this.connection(s));
    this.tcp.on('error', () => {});
  }

  /**
   * Listens on TCP, then binds UDP on the same port (port 0: a free one for both). TCP first:
   * every connection this machine makes holds a TCP port of the same range, so a free UDP
   * port's TCP twin was often taken (a test suite's connections took six in a row), where few
   * UDP sockets hold one.
   */
  async listen(port: number, host: string): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      const bound = await listenOn(this.tcp, port, host);
      try {
        await bindUdp(this.udp, bound, host);
        return bound;
      } catch (e) {
        await new Promise<void>((ok) => this.tcp.close(() => ok()));
        await new Promise<void>((ok) => { try { this.udp.close(() => ok()); } catch { ok(); } });
        // A free TCP port whose UDP twin is taken: another free one, a few times (with a new
        // UDP socket: one whose bind failed does not bind again).
        if (port !== 0 || attempt >= 5 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
        this.udp = this.freshUdp(host);
      }
    }
  }

  private freshUdp(host: string): dgram.Socket {
    const socket = udpSocket(host);
    socket.on('error', () => {});
    socket.on('message', (m, from) => this.datagram(m, from));
    return socket;
  }

  update(spec: ListenSpec) {
    this.allowed = spec.allowed;
  }

  private datagram(message: Buffer, from: dgram.RemoteInfo) {
    if (message.length > MAX_QUERY || this.pending >= MAX_PENDING || !this.allowed(from.address)) return;
    this.pending++;
    this.o.answer(message, from, 'udp')
      .then((reply) => { if (reply) this.udp.send(reply, from.port, from.address, () => {}); })
      .catch(() => {})
      .finally(() => { this.pending--; });
  }

  private connection(socket: net.Socket) {
    if (this.connections.size >= this.o.tcpSessions() || !this.allowed(socket.remoteAddress ?? '')) {
      socket.destroy();
      return;
    }
    this.connections.add(socket);
    socket.on('close', () => this.connections.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    let held = Buffer.alloc(0);
    const client = { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
    socket.on('data', (chunk) => {
      held = held.length ? Buffer.concat([held, chunk]) : chunk;
      while (held.length >= 2) {
        const length = held.readUInt16BE(0);
        if (length === 0) return socket.destroy();
        if (held.length < 2 + length) return;
        const query = held.subarray(2, 2 + length);
        held = held.subarray(2 + length);
        if (this.pending >= MAX_PENDING) continue;
        this.pending++;
        this.o.answer(Buffer.from(query), client, 'tcp')
          .then((reply) => {
            if (!reply || socket.destroyed) return;
            const prefix = Buffer.alloc(2);
            prefix.writeUInt16BE(reply.length);
            socket.write(Buffer.concat([prefix, reply]));
          })
          .catch(() => {})
          .finally(() => { this.pending--; });
      }
    });
  }

  async close(): Promise<void> {
    for (const s of this.connections) s.destroy();
    await Promise.all([
      new Promise<void>((ok) => { try { this.udp.close(() => ok()); } catch { ok(); } }),
      new Promise<void>((ok) => this.tcp.close(() => ok())),
    ]);
  }
}

/** Starts the face for `spec`; the listener Services keeps. */
export async function startDns(spec: ListenSpec, options: DnsFaceOptions): Promise<Listener> {
  const face = new DnsFace(options, spec);
  const port = await face.listen(spec.port, spec.host);
  return { port, update: (next) => face.update(next), close: () => face.close() };
}
