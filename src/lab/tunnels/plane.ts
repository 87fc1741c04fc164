// The tunnels of a lab as the network uses them: which tunnel interfaces carry (both ends
// agree and the underlay reaches), the layer-2 joins EoIP and VXLAN make between bridges of
// different routers, WireGuard's sessions with their counters, and IPsec's installed SAs.
// The tunnels stage (./stage.ts) works it out after every change it depends on; forwarding
// (../forward.ts) asks it how a packet sent out of a tunnel, or matching an IPsec policy,
// travels: inside another packet to the far end, and on from there.

import { ipToInt, maskOf } from '../../core/values.js';
import { addressMatches, type Packet } from '../firewall.js';
import type { LabNode } from '../fabric.js';
import type { Interface } from '../model.js';

/** An interface of a node. */
export interface Port { node: number; ifId: number }

/** Two interfaces of the lab that one layer-2 domain joins (EoIP ends, a VXLAN's VTEPs, a VXLAN and its `bridge`). */
export type Join = readonly [Port, Port];

/** Where an L3 tunnel (GRE, IPIP) carries what it is given: the far end's interface, and the outer packet. */
export interface Far extends Port {
  /** The outer packet's addresses and protocol (`gre`, `ipencap`; UDP with its port for WireGuard). */
  src: string;
  dst: string;
  protocol: Packet['protocol'];
  dstPort?: number;
  /** What the outer headers add (bytes). */
  overhead: number;
}

/** One WireGuard peer with a far end that has this router as its peer (its key), the underlay reaching. */
export interface WgSession {
  node: number;
  ifId: number;
  peerId: number;
  allowed: readonly string[];
  far: { node: number; ifId: number; peerId: number };
  /** Where this end sends: the far end's address and port (its endpoint, or where the far end's handshake came from). */
  endpoint: { address: string; port: number };
  /** This end's source of the outer packets. */
  src: string;
  /** Whether this end starts handshakes (it has the far end's endpoint and is no responder). */
  initiates: boolean;
  /** `persistent-keepalive` in ms: handshakes without traffic. */
  keepaliveMs: number;
  /** When the session's last handshake was made, by this node's clock; none yet. */
  handshakeAt?: number;
  rx: number;
  tx: number;
}

/** An IPsec policy of a node with its installed SAs: what matches it travels in ESP to the far end. */
export interface IpsecSa {
  node: number;
  /** The policy's `src-address` and `dst-address`. */
  srcAddress: string;
  dstAddress: string;
  /** `action`: encrypt (with an SA or dropped), none (passes), discard. */
  action: string;
  /** The far end and the SA's addresses; none while phase 2 is not established. */
  far?: { node: number; src: string; dst: string };
}

/** How a packet goes on: inside `outer` to `node`, entering there by `ifId` (none: where the outer packet came in). */
export interface Carried {
  node: number;
  ifId?: number;
  outer: Packet;
  /** Told when the inner packet came out at the far end (WireGuard's counters). */
  arrived?(bytes: number): void;
  /** The far end takes it in and drops it there (a source its WireGuard peer does not allow). */
  dropped?: boolean;
}

const WG_OVERHEAD = 60;
const ESP_OVERHEAD = 56;

const contains = (prefix: string, ip: string) => {
  const [net, len] = prefix.split('/');
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(net) || !/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return prefix === ip;
  const mask = maskOf(Number(len ?? 32));
  return ((ipToInt(net) & mask) >>> 0) === ((ipToInt(ip) & mask) >>> 0);
};
const lengthOf = (prefix: string) => Number(prefix.split('/')[1] ?? 32);

export class TunnelPlane {
  /** L3 tunnels (GRE, IPIP and their IPv6 kinds) that carry, by `node:ifId`. */
  l3: ReadonlyMap<string, Far> = new Map();
  /** The layer-2 joins, a new array whenever they change (the fabric is rebuilt then). */
  joins: readonly Join[] = [];
  /** WireGuard sessions by `node:peerId`. */
  wireguard: ReadonlyMap<string, WgSession> = new Map();
  /** Each node's IPsec policies in order, with their SAs. */
  ipsecPolicies: ReadonlyMap<number, readonly IpsecSa[]> = new Map();

  constructor(private readonly nodes: readonly LabNode[]) {}

  /**
   * How a packet routed out of `out` travels when `out` is an L3 tunnel: undefined when it is
   * none (an Ethernet-like interface: ARP as usual), null when the tunnel carries nothing (no
   * far end agrees, no WireGuard peer allows the destination, no session).
   */
  carrier(node: number, out: Interface, p: Packet): Carried | null | undefined {
    if (out.type === 'wg') return this.throughWireguard(node, out, p);
    if (!L3_TYPES.has(out.type)) return undefined;
    const far = this.l3.get(`${node}:${out.id}`);
    if (!far) return null;
    return { node: far.node, ifId: far.ifId, outer: outerOf(far, p, far.overhead) };
  }

  /**
   * Cryptokey routing (WireGuard's): the peer whose `allowed-address` holds the destination
   * most closely takes the packet; the far end takes it in only from a source its own peer
   * allows. A session without a handshake makes one as the first packet goes.
   */
  private throughWireguard(node: number, out: Interface, p: Packet): Carried | null {
    // The interface's peers as configured, with or without a session: the closest match takes it.
    const wg = this.nodes[node].model.tunnels.list.find((t) => t.interface === out.id);
    let peer: number | undefined;
    let bestLen = -1;
    for (const q of wg?.kind === 'wireguard' ? wg.peers : []) {
      if (!q.enabled) continue;
      for (const a of q.allowedAddress) if (contains(a, p.dst) && lengthOf(a) > bestLen) { peer = q.id; bestLen = lengthOf(a); }
    }
    const best = peer === undefined ? undefined : this.wireguard.get(`${node}:${peer}`);
    if (!best) return null;
    const back = this.wireguard.get(`${best.far.node}:${best.far.peerId}`);
    if (!back) return null;
    // No handshake yet: the end that knows the other's endpoint makes one; the other has nowhere to send.
    if (best.handshakeAt === undefined && !best.initiates) return null;
    if (best.handshakeAt === undefined) this.handshake(best);
    const session = best;
    return {
      node: session.far.node, ifId: session.far.ifId, dropped: !back.allowed.some((a) => contains(a, p.src)),
      outer: { src: session.src, dst: session.endpoint.address, ttl: 64, protocol: 'udp', dstPort: session.endpoint.port, size: p.size + WG_OVERHEAD, state: 'new' },
      arrived: (bytes) => { const n = dataMessageBytes(bytes); session.tx += n; back.rx += n; },
    };
  }

  /**
   * Both ends of a session handshake now (each by its own clock): `s` sends the initiation and
   * the far end answers, both messages counted; `sessions` holds the far end's session.
   */
  handshake(s: WgSession, sessions: ReadonlyMap<string, WgSession> = this.wireguard) {
    const back = sessions.get(`${s.far.node}:${s.far.peerId}`);
    s.handshakeAt = this.nodes[s.node].env.now();
    s.tx += HANDSHAKE_INITIATION;
    s.rx += HANDSHAKE_RESPONSE;
    if (!back) return;
    back.handshakeAt = this.nodes[back.node].env.now();
    back.rx += HANDSHAKE_INITIATION;
    back.tx += HANDSHAKE_RESPONSE;
  }

  /** `s` sends a keepalive (an empty data message) to its far end. */
  keepalive(s: WgSession, sessions: ReadonlyMap<string, WgSession> = this.wireguard) {
    s.tx += KEEPALIVE;
    const back = sessions.get(`${s.far.node}:${s.far.peerId}`);
    if (back) back.rx += KEEPALIVE;
  }

  /**
   * The IPsec policy a packet leaving a node matches, in the policies' order: undefined when
   * none does (or one with action none), null when it is discarded or has no SA yet (level
   * require: the packet is dropped while phase 2 is not up), else how ESP carries it.
   */
  ipsec(node: number, p: Packet): Carried | null | undefined {
    if (p.protocol === 'ipsec-esp' || (p.protocol === 'udp' && p.dstPort === 500)) return undefined;
    for (const policy of this.ipsecPolicies.get(node) ?? []) {
      if (!addressMatches(policy.srcAddress, p.src) || !addressMatches(policy.dstAddress, p.dst)) continue;
      if (policy.action === 'none') return undefined;
      if (policy.action !== 'encrypt' || !policy.far) return null;
      return { node: policy.far.node, outer: { src: policy.far.src, dst: policy.far.dst, ttl: 64, protocol: 'ipsec-esp', size: p.size + ESP_OVERHEAD, state: 'new' } };
    }
    return undefined;
  }

  /** What /interface/wireguard/peers shows of a peer's session; undefined without one. */
  peerState(node: number, peerId: number): Record<string, string> | undefined {
    const s = this.wireguard.get(`${node}:${peerId}`);
    if (!s) return undefined;
    const out: Record<string, string> = { rx: String(s.rx), tx: String(s.tx) };
    if (s.handshakeAt !== undefined) {
      out['current-endpoint-address'] = s.endpoint.address;
      out['current-endpoint-port'] = String(s.endpoint.port);
      // With traffic or persistent keepalive a session handshakes again every 2 minutes
      // (WireGuard's REKEY_AFTER_TIME): the time since the last one stays below that.
      const since = Math.max(0, this.nodes[node].env.now() - s.handshakeAt);
      out['last-handshake'] = formatSeconds(s.keepaliveMs > 0 || this.wireguard.get(`${s.far.node}:${s.far.peerId}`)!.keepaliveMs > 0 ? since % REKEY_MS : since);
    } else if (s.initiates) {
      out['current-endpoint-address'] = s.endpoint.address;
      out['current-endpoint-port'] = String(s.endpoint.port);
    }
    return out;
  }
}

/**
 * What a peer's `rx`/`tx` count for one packet: the transport data message it travels in (the
 * whitepaper, 5.4.6: a 16-byte header, the packet padded to a multiple of 16, a 16-byte tag),
 * as Linux's WireGuard counts a peer's bytes.
 */
const dataMessageBytes = (packet: number) => 32 + Math.ceil(packet / 16) * 16;

/**
 * The other messages' sizes (the whitepaper, 5.4.2, 5.4.3): a handshake initiation is 148
 * bytes, its response 92; a keepalive is a data message of nothing (6.5), 32.
 */
const HANDSHAKE_INITIATION = 148;
const HANDSHAKE_RESPONSE = 92;
const KEEPALIVE = 32;

/** WireGuard's REKEY_AFTER_TIME (the protocol's paper, section 6.1: 120 seconds). */
const REKEY_MS = 120_000;

/** The interface types forwarding hands to a far end by address (point to point, no ARP). */
export const L3_TYPES = new Set(['gre-tunnel', 'gre6-tunnel', 'ipip-tunnel', 'ipipv6-tunnel']);

function outerOf(far: Far, p: Packet, overhead: number): Packet {
  return { src: far.src, dst: far.dst, ttl: 64, protocol: far.protocol, dstPort: far.dstPort, size: p.size + overhead, state: 'new' };
}

/** `1m5s` as the router prints a time (whole seconds). */
export function formatSeconds(ms: number): string {
  let s = Math.floor(ms / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [['w', 604800], ['d', 86400], ['h', 3600], ['m', 60]] as const) {
    if (s >= size) { parts.push(`${Math.floor(s / size)}${unit}`); s %= size; }
  }
  if (s || !parts.length) parts.push(`${s}s`);
  return parts.join('');
}
