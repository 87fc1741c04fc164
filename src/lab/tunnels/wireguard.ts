// WireGuard between the routers of a lab. A peer has a far end when a router's WireGuard
// interface has the peer's `public-key` as its own (the X25519 public key of its private key)
// and a peer of its own whose `public-key` is this interface's: a wrong key on either side
// gives no session, no handshake and no traffic. One end must know the other's endpoint
// (`endpoint-address`, `endpoint-port`, and not be a `responder`), and UDP must reach that
// port and back. A session keeps its handshake and counters across runs while its ends stay
// the same; the initiator handshakes when the first packet goes, or at once with
// `persistent-keepalive` on either end. `rx` and `tx` count the messages (./plane.ts).

import { owns, sourceToward } from '../forward.js';
import type { WireguardPeer, WireguardTunnel } from '../model.js';
import type { RoutingContext } from '../routing/context.js';
import type { TunnelPlane, WgSession } from './plane.js';
import type { Reaches } from './stage.js';

interface End { node: number; wg: WireguardTunnel; peer: WireguardPeer }

export function readWireguard(ctx: RoutingContext, plane: TunnelPlane, reaches: Reaches): Map<string, WgSession> {
  const ends: End[] = [];
  for (const n of ctx.nodes) {
    for (const t of n.model.tunnels.list) {
      if (t.kind !== 'wireguard' || !t.enabled || !t.publicKey) continue;
      for (const peer of t.peers) if (peer.enabled) ends.push({ node: n.index, wg: t, peer });
    }
  }
  const out = new Map<string, WgSession>();
  for (const a of ends) {
    if (out.has(`${a.node}:${a.peer.id}`)) continue;
    const b = ends.find((e) => e.node !== a.node && e.wg.publicKey === a.peer.publicKey && e.peer.publicKey === a.wg.publicKey);
    if (!b) continue;
    const pair = session(ctx, a, b, reaches) ?? session(ctx, b, a, reaches);
    if (!pair) continue;
    for (const s of pair) {
      const before = plane.wireguard.get(`${s.node}:${s.peerId}`);
      // The same ends as before: the session, its handshake and counters go on.
      if (before && before.far.node === s.far.node && before.far.peerId === s.far.peerId) Object.assign(s, { handshakeAt: before.handshakeAt, rx: before.rx, tx: before.tx });
      out.set(`${s.node}:${s.peerId}`, s);
    }
  }
  // With persistent-keepalive the initiator handshakes at once and confirms the session with a
  // keepalive (no data waiting: the whitepaper, 6.5); later keepalives and rekeys are not counted.
  for (const s of out.values()) {
    const back = out.get(`${s.far.node}:${s.far.peerId}`)!;
    if (!s.initiates || s.handshakeAt !== undefined || (s.keepaliveMs === 0 && back.keepaliveMs === 0)) continue;
    plane.handshake(s, out);
    plane.keepalive(s, out);
  }
  return out;
}

/** The session `from` starts toward `to`'s endpoint, with the one `to` keeps back; none when `from` cannot start it. */
function session(ctx: RoutingContext, from: End, to: End, reaches: Reaches): [WgSession, WgSession] | undefined {
  const address = from.peer.endpointAddress;
  if (!address || from.peer.responder) return undefined;
  const port = from.peer.endpointPort ?? to.wg.listenPort;
  const model = ctx.nodes[from.node].model;
  if (port !== to.wg.listenPort || !owns(ctx.nodes[to.node].model, address)) return undefined;
  const src = sourceToward(model, address);
  if (!src || !reaches(from.node, { src, dst: address, ttl: 64, protocol: 'udp', dstPort: port, size: 148, state: 'new' })) return undefined;
  const base = (e: End, far: End) => ({
    node: e.node, ifId: e.wg.interface, peerId: e.peer.id, allowed: e.peer.allowedAddress,
    far: { node: far.node, ifId: far.wg.interface, peerId: far.peer.id }, keepaliveMs: e.peer.persistentKeepaliveMs, rx: 0, tx: 0,
  });
  return [
    { ...base(from, to), endpoint: { address, port }, src, initiates: true },
    // The far end answers where the handshake came from.
    { ...base(to, from), endpoint: { address: src, port: from.wg.listenPort }, src: address, initiates: false },
  ];
}
