// The router's own queries on the wire: its resolver asking DNS servers (UDP, and TCP when an
// answer comes truncated) and its NTP client asking time servers. One exchange is one query
// and the one answer to it, from the address and port it was sent to, or nothing by the
// deadline. Bounded: an answer is at most one datagram, a TCP answer at most 65535 bytes.
//
// Where a query goes: on the real router to port 53 or 123 of the server's address. Here the
// server's address is looked up first in the lab (src/lab): an address of another lab node
// is reached over the lab's computed network (routes, firewall, NAT at every hop) and
// answered by that node's own face on its stand-in port. Any other address is the host's
// network, reached from the main routing table (the router's management port), on the port
// the command line gives in place of 53 and 123 (`--dns-upstream-port`, `--ntp-upstream-port`:
// a test's server cannot listen on 53). A VRF other than main has no way to the host.

import dgram from 'node:dgram';
import net from 'node:net';

/** The router's protocols that send queries of their own. */
export type UpstreamService = 'dns' | 'ntp';

/** The ports queries go to on the host's network: 53 and 123 unless the command line says otherwise. */
export const UPSTREAM_DEFAULTS: Readonly<Record<UpstreamService, number>> = { dns: 53, ntp: 123 };

/** Where one datagram really goes. */
export interface Endpoint {
  host: string;
  port: number;
}

/** Sends one datagram and takes the first answer from where it went; undefined by the deadline. */
export function exchangeUdp(to: Endpoint, query: Buffer, timeoutMs: number, opts: { localAddress?: string; signal?: AbortSignal; accept?: (answer: Buffer) => boolean } = {}): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const family = net.isIPv6(to.host) ? 'udp6' : 'udp4';
    const socket = dgram.createSocket(family);
    const { finish, abort } = settleOnce(resolve, timeoutMs, opts.signal, () => socket.close());
    socket.on('error', abort);
    socket.on('message', (message, from) => {
      // Only the server asked answers; anything else on the port is not for this query.
      if (from.port !== to.port || !sameAddress(from.address, to.host)) return;
      if (opts.accept && !opts.accept(message)) return;
      finish(message);
    });
    const send = () => socket.send(query, to.port, to.host, (e) => { if (e) abort(); });
    const local = opts.localAddress && net.isIP(opts.localAddress) === net.isIP(to.host) ? opts.localAddress : undefined;
    if (local) socket.bind(0, local, send);
    else send();
  });
}

/** The largest answer a DNS server sends over TCP (the two-byte length before it). */
const TCP_MAX = 65535;

/** One DNS exchange over TCP: the query with its length before it, one answer the same way. */
export function exchangeTcp(to: Endpoint, query: Buffer, timeoutMs: number, opts: { localAddress?: string; signal?: AbortSignal } = {}): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const local = opts.localAddress && net.isIP(opts.localAddress) === net.isIP(to.host) ? opts.localAddress : undefined;
    const socket = net.connect({ host: to.host, port: to.port, localAddress: local });
    let got = Buffer.alloc(0);
    const { finish, abort } = settleOnce(resolve, timeoutMs, opts.signal, () => socket.destroy());
    socket.on('error', abort);
    socket.on('close', abort);
    socket.on('connect', () => {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(query.length);
      socket.write(Buffer.concat([length, query]));
    });
    socket.on('data', (chunk) => {
      got = Buffer.concat([got, chunk]);
      if (got.length > TCP_MAX + 2) return abort();
      if (got.length >= 2 && got.length >= 2 + got.readUInt16BE(0)) finish(got.subarray(2, 2 + got.readUInt16BE(0)));
    });
  });
}

/** An exchange ends once: with its answer, or with none at the deadline or on abort; `close` frees its socket. */
function settleOnce(resolve: (answer: Buffer | undefined) => void, timeoutMs: number, signal: AbortSignal | undefined, close: () => void) {
  let done = false;
  const finish = (answer: Buffer | undefined) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
    close();
    resolve(answer);
  };
  const abort = () => finish(undefined);
  const timer = setTimeout(abort, timeoutMs);
  signal?.addEventListener('abort', abort);
  return { finish, abort };
}

function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  // An IPv4 server answering a dual-stack socket shows as ::ffff:a.b.c.d.
  return a.replace(/^::ffff:/, '') === b.replace(/^::ffff:/, '');
}
