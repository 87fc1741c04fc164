// Forwarding of one probe hop by hop through the lab, as each router's configuration says:
// at every router the packet is delivered (an own address) or routed (longest prefix of the
// connected and static routes, least distance; TTL counted down), passes the firewall
// (prerouting dst-nat, input / forward / output filter, postrouting src-nat) and is handed
// to the next hop found by ARP in the layer-2 domain of the outgoing interface. The answer
// (echo reply, or an ICMP error of a router on the way) travels back the same way, NAT
// undone where it was done. Nothing is sent: the path is computed.

import { ipToInt, maskOf } from '../core/values.js';
import type { ProbeRequest, ProbeResult } from '../device/network.js';
import type { Fabric, Host, LabNode } from './fabric.js';
import { applyCounts, runChain, type Counts, type Packet } from './firewall.js';
import type { ActiveRoute, Interface, RouterModel } from './model.js';

/** Tunnels inside tunnels the lab follows (a tunnel whose underlay is itself ends there). */
const MAX_NESTING = 3;

/** Each hop adds about this much to the round trip (a wire and a router's slow path). */
const HOP_US = 180;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** What a lab keeps per router beyond its configuration: the ARP entries traffic taught it. */
export interface Learned {
  arp: Map<string, { address: string; ifId: number; mac: string }>;
}

interface NatRecord { node: number; kind: 'src' | 'dst'; from: string; to: string }

interface Route { dst: string; prefix: number; distance: number; ifId?: number; gateway?: string; kind: 'unicast' | 'blackhole' | 'unreachable' | 'prohibit' }

const contains = (net: string, prefix: number, ip: string) => {
  const mask = maskOf(prefix);
  return ((ipToInt(net) & mask) >>> 0) === ((ipToInt(ip) & mask) >>> 0);
};

/**
 * Whether the router takes a packet to `ip` in. A VRRP backup's virtual address is not its
 * own: the master holds it (it answers ARP for it), so the backup sends such a packet there
 * (routeros-facts.md 26.7, 26.9).
 */
function isLocal(model: RouterModel, ip: string): boolean {
  if (ip.startsWith('127.')) return true;
  const ifs = model.interfaces;
  return model.addresses[4].some((a) => {
    if (!a.enabled || a.ip !== ip) return false;
    const iface = a.interface === undefined ? undefined : ifs.byId.get(a.interface);
    return iface?.type !== 'vrrp' || iface.running;
  });
}

/** The forwarding table made of a routing table's active routes: worked out once per routing table. */
const forwarding = new WeakMap<readonly ActiveRoute[], Route[]>();

/**
 * The main table's active IPv4 routes as the router's own print works them out (connected,
 * static and protocol routes, gateways resolved recursively within target-scope: the
 * model's routing table), each with the interface it leaves by and its next hop.
 */
function routes(model: RouterModel): Route[] {
  const active = model.routing.active[4];
  let out = forwarding.get(active);
  if (out) return out;
  out = [];
  for (const r of active) {
    if (r.table !== 'main') continue;
    const [dst, len] = r.dst.split('/');
    if (!IPV4.test(dst)) continue;
    const prefix = Number(len ?? 32);
    if (r.type !== 'unicast') { out.push({ dst, prefix, distance: r.distance, kind: r.type }); continue; }
    // Of several gateways (or ECMP routes) the first is taken: the lab hashes no flows.
    const hop = r.immediateGw?.split(',')[0];
    const ifId = r.interfaces[0];
    if (!hop || ifId === undefined) continue;
    const pct = hop.indexOf('%');
    out.push({ dst, prefix, distance: r.distance, ifId, gateway: pct < 0 ? undefined : hop.slice(0, pct), kind: 'unicast' });
  }
  forwarding.set(active, out);
  return out;
}

function lookup(model: RouterModel, dst: string): Route | undefined {
  let best: Route | undefined;
  for (const r of routes(model)) {
    if (!contains(r.dst, r.prefix, dst)) continue;
    if (!best || r.prefix > best.prefix || (r.prefix === best.prefix && r.distance < best.distance)) best = r;
  }
  return best;
}

/**
 * The address a router sends from toward `dst` when nothing else says: its address on the
 * interface its route leaves by (a tunnel's source when `local-address` is unset).
 */
export function sourceToward(model: RouterModel, dst: string): string | undefined {
  const r = lookup(model, dst);
  return r?.kind === 'unicast' ? addressOn(model, r.ifId, r.gateway ?? dst) : undefined;
}

/** Whether the router takes a packet to `ip` in (one of its addresses). */
export const owns = (model: RouterModel, ip: string) => isLocal(model, ip);

/** The router's address on an interface (the first), the source of what it sends there. */
function addressOn(model: RouterModel, ifId: number | undefined, toward?: string): string | undefined {
  const addrs = model.addresses.working[4].filter((a) => a.on === ifId);
  return (toward ? addrs.find((a) => contains(a.ip, a.prefix, toward)) : undefined)?.ip ?? addrs[0]?.ip;
}

/**
 * The source of an ICMP error a router sends back to `to`: like any packet it sends, the
 * address of the interface its route back leaves by (the one in the network toward the
 * next hop, else the first), never a VRRP interface's virtual address unless that is the way
 * back (Linux icmp_send with icmp_errors_use_inbound_ifaddr=0: routeros-facts.md 26.9). With
 * no route back, the interface the packet came in by.
 */
function errorSource(model: RouterModel, inIf: Interface, to: string): string | undefined {
  const back = lookup(model, to);
  const from = back?.kind === 'unicast' ? addressOn(model, back.ifId, back.gateway ?? to) : undefined;
  return from ?? addressOn(model, inIf.id, to);
}

/** Where a packet went: delivered to a node, or stopped with an ICMP error or silently. */
type Outcome =
  | { kind: 'delivered'; node: number; ttl: number; hops: number; packet: Packet; inIf?: Interface }
  | { kind: 'error'; node: number; error: 'ttl-exceeded' | 'host-unreachable' | 'net-unreachable'; from: string; hops: number }
  | { kind: 'lost'; hops: number };

export class Forwarder {
  constructor(
    private readonly fabric: () => Fabric,
    private readonly learned: readonly Learned[],
  ) {}

  /** Set while a probe only asks whether a packet gets there and back (a tunnel's keepalive): nothing is counted or learned. */
  private quiet = false;

  /**
   * Whether a packet from a node reaches its destination and the answer comes back, as the
   * lab's tunnels ask before they carry traffic: counted nowhere, learned by nobody.
   */
  reaches(from: number, p: Packet): boolean {
    this.quiet = true;
    try {
      const fabric = this.fabric();
      const nats: NatRecord[] = [];
      const counts: Counts = new Map();
      const there = this.travel(fabric, from, { ...p }, counts, nats);
      if (there.kind !== 'delivered') return false;
      const answer: Packet = { src: there.packet.dst, dst: there.packet.src, ttl: 64, protocol: p.protocol, size: p.size, state: 'established' };
      const back = this.travel(fabric, there.node, answer, counts, nats);
      return back.kind === 'delivered' && back.node === from;
    } catch {
      return false;
    } finally {
      this.quiet = false;
    }
  }

  private count(fabric: Fabric, node: number, ifId: number, c: { rxBytes?: number; rxPackets?: number; txBytes?: number; txPackets?: number }) {
    if (!this.quiet) fabric.nodes[node].device.traffic.add(ifId, c);
  }

  /** Sends one echo from a node and waits (in computation) for whatever comes back. */
  probe(from: number, req: ProbeRequest): ProbeResult {
    const fabric = this.fabric();
    const counts: Counts = new Map();
    const nats: NatRecord[] = [];
    const model = fabric.nodes[from].model;
    const protocol = req.protocol ?? 'icmp';
    const p: Packet = { src: req.src ?? '', dst: req.address, ttl: req.ttl, protocol, dstPort: req.dstPort, size: req.size + 28, state: 'new' };
    try {
      if (isLocal(model, p.dst)) return { status: 'reply', from: p.dst, ttl: 64, rttUs: 20 + Math.floor(Math.random() * 40) };
      // The lab forwards IPv4; anything else finds no way (as to a router without IPv6 routes).
      if (!IPV4.test(p.dst) || (p.src && !IPV4.test(p.src))) return { status: 'timeout', rttUs: 0 };
      const there = this.travel(fabric, from, p, counts, nats);
      if (there.kind === 'lost') return { status: 'timeout', rttUs: 0 };
      // The answer: an echo reply from the destination, or the error from the router on the way.
      const answer: Packet = there.kind === 'delivered'
        ? { src: there.packet.dst, dst: there.packet.src, ttl: 64, protocol, size: p.size, state: 'established' }
        : { src: there.from, dst: p.src, ttl: 64, protocol: 'icmp', size: 56, state: 'related' };
      const back = this.travel(fabric, there.node, answer, counts, nats);
      if (back.kind !== 'delivered' || back.node !== from) return { status: 'timeout', rttUs: 0 };
      const rttUs = (there.hops + back.hops) * HOP_US + Math.floor(Math.random() * 60) + 40;
      const status = there.kind === 'delivered' ? 'reply' : there.error;
      return { status, from: back.packet.src, ttl: back.ttl, rttUs };
    } catch {
      // A value the lab cannot read on the way (a NAT target that is no address) loses the packet.
      return { status: 'timeout', rttUs: 0 };
    } finally {
      // Only a router has firewall rules to count on (a host has none).
      if (!this.quiet) applyCounts(counts, (node) => (fabric.nodes[node] as LabNode).env);
    }
  }

  /**
   * Carries a packet from the node that sends it to the node that takes it in. `p.src` is
   * filled in at the sender when empty; NAT changes it on the way and is recorded in `nats`
   * so the answer is translated back.
   */
  private travel(fabric: Fabric, start: number, p: Packet, counts: Counts, nats: NatRecord[], depth = 0): Outcome {
    let node = start;
    let inIf: Interface | undefined;
    let hops = 0;
    for (let guard = 0; guard < 300; guard++) {
      const model = fabric.nodes[node].model;
      if (inIf) {
        // NAT undone for an answer: the connection's entry at this router.
        for (const n of nats) {
          if (n.node !== node || p.state === 'new') continue;
          if (n.kind === 'src' && p.dst === n.to) p.dst = n.from;
          if (n.kind === 'dst' && p.src === n.to) p.src = n.from;
        }
        if (p.state === 'new') {
          const v = runChain(model, node, 'nat', { chain: 'dstnat', in: inIf }, p, counts);
          const to = v.rule?.toAddresses?.split('-')[0];
          if ((v.action === 'dst-nat' || v.action === 'netmap') && to) {
            nats.push({ node, kind: 'dst', from: p.dst, to });
            p.dst = to;
            p.dstnat = true;
          }
        }
        if (isLocal(model, p.dst)) {
          const v = runChain(model, node, 'filter', { chain: 'input', in: inIf }, p, counts);
          if (v.action === 'drop' || v.action === 'tarpit') return { kind: 'lost', hops };
          if (v.action === 'reject') return this.unreachable(model, node, inIf, p, hops);
          return { kind: 'delivered', node, ttl: p.ttl, hops, packet: p, inIf };
        }
      }
      // A Linux host does not forward (net.ipv4.ip_forward=0): what is not its own is dropped.
      if (inIf && model.kind === 'host') return { kind: 'lost', hops };
      const route = lookup(model, p.dst);
      // No route: a router on the way answers "network unreachable"; a blackhole swallows silently.
      if (!route || route.kind === 'blackhole') return inIf && !route ? this.unreachable(model, node, inIf, p, hops, 'net-unreachable') : { kind: 'lost', hops };
      if (route.kind !== 'unicast') return inIf ? this.unreachable(model, node, inIf, p, hops) : { kind: 'lost', hops };
      const out = model.interfaces.byId.get(route.ifId!)!;
      if (inIf) {
        // A router passes the packet on with one less TTL; none left, it answers "time exceeded".
        if (p.ttl <= 1) {
          const from = errorSource(model, inIf, p.src);
          return from ? { kind: 'error', node, error: 'ttl-exceeded', from, hops } : { kind: 'lost', hops };
        }
        p.ttl--;
        const v = runChain(model, node, 'filter', { chain: 'forward', in: inIf, out }, p, counts);
        if (v.action === 'drop' || v.action === 'tarpit') return { kind: 'lost', hops };
        if (v.action === 'reject') return this.unreachable(model, node, inIf, p, hops);
      } else {
        if (!p.src) p.src = addressOn(model, out.id, route.gateway ?? p.dst) ?? '';
        if (!p.src) return { kind: 'lost', hops };
        const v = runChain(model, node, 'filter', { chain: 'output', out }, p, counts);
        if (v.action !== 'accept') return { kind: 'lost', hops };
      }
      if (p.state === 'new') {
        const v = runChain(model, node, 'nat', { chain: 'srcnat', in: inIf, out }, p, counts);
        const to = v.action === 'masquerade' ? addressOn(model, out.id, route.gateway ?? p.dst)
          : v.action === 'src-nat' || v.action === 'netmap' ? v.rule?.toAddresses?.split('-')[0] : undefined;
        if (to && to !== p.src) {
          nats.push({ node, kind: 'src', from: p.src, to });
          p.src = to;
          p.srcnat = true;
        }
      }
      // A tunnel's interface, or an IPsec policy the packet matches: it travels inside another
      // packet to the far end, and goes on from there (./tunnels/plane.ts).
      const through = fabric.tunnels?.carrier(node, out, p);
      const carried = through === undefined ? fabric.tunnels?.ipsec(node, p) : through;
      if (carried !== undefined) {
        // A tunnel counts what is routed into it, carried or not; IPsec's packets count on the underlay's interfaces.
        if (through !== undefined) this.count(fabric, node, out.id, { txBytes: p.size, txPackets: 1 });
        if (!carried || depth >= MAX_NESTING) return { kind: 'lost', hops };
        const outer = this.travel(fabric, node, carried.outer, counts, nats, depth + 1);
        if (outer.kind !== 'delivered' || outer.node !== carried.node) return { kind: 'lost', hops };
        if (!this.quiet) carried.arrived?.(p.size);
        if (carried.dropped) return { kind: 'lost', hops: hops + outer.hops };
        hops += outer.hops;
        node = carried.node;
        inIf = carried.ifId === undefined ? outer.inIf : fabric.nodes[node].model.interfaces.byId.get(carried.ifId);
        if (!inIf) return { kind: 'lost', hops };
        if (through !== undefined) this.count(fabric, node, inIf.id, { rxBytes: p.size, rxPackets: 1 });
        continue;
      }
      // The next hop answers ARP in the outgoing interface's layer-2 domain.
      const nextHop = route.gateway ?? p.dst;
      const host = fabric.hostAt(node, out.id, nextHop);
      if (!host) {
        this.count(fabric, node, out.id, { txBytes: p.size, txPackets: 1 });
        // Nobody answers ARP: a router on the way says so; the sender's own echo is just lost.
        return inIf ? this.unreachable(model, node, inIf, p, hops) : { kind: 'lost', hops };
      }
      if (!this.quiet) this.learn(fabric, node, out, host);
      if (!this.quiet) for (const row of fabric.countedOn(node, out, host.node)) this.count(fabric, node, row.id, { txBytes: p.size, txPackets: 1 });
      hops++;
      const sender = node;
      node = host.node;
      inIf = fabric.nodes[node].model.interfaces.byId.get(host.ifId);
      if (!inIf) return { kind: 'lost', hops };
      if (!this.quiet) for (const row of fabric.countedOn(node, inIf, sender)) this.count(fabric, node, row.id, { rxBytes: p.size, rxPackets: 1 });
    }
    return { kind: 'lost', hops };
  }

  private unreachable(model: RouterModel, node: number, inIf: Interface, p: Packet, hops: number, error: 'host-unreachable' | 'net-unreachable' = 'host-unreachable'): Outcome {
    // An ICMP error answers nothing but a new packet's own trouble.
    if (p.state !== 'new') return { kind: 'lost', hops };
    const from = errorSource(model, inIf, p.src);
    return from ? { kind: 'error', node, error, from, hops } : { kind: 'lost', hops };
  }

  /** Both ends of a hop learn each other's MAC address (the ARP request carries the sender's). */
  private learn(fabric: Fabric, node: number, out: Interface, host: Host) {
    this.learned[node].arp.set(`${out.id} ${host.ip}`, { address: host.ip, ifId: out.id, mac: host.mac });
    const working = fabric.nodes[node].model.addresses.working[4];
    const own = working.find((a) => a.on === out.id && contains(a.ip, a.prefix, host.ip)) ?? working.find((a) => a.on === out.id);
    if (!own) return;
    const mine = fabric.hosts.get(fabric.domainOf(node, out.id))?.find((h) => h.node === node && h.ip === own.ip);
    if (mine) this.learned[host.node].arp.set(`${host.ifId} ${own.ip}`, { address: own.ip, ifId: host.ifId, mac: mine.mac });
  }
}

