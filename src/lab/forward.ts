// Forwarding of one probe hop by hop through the lab, as each router's configuration says,
// in either family (IPv4, or IPv6 with its own routes, firewall and neighbour discovery):
// at every router the packet is delivered (an own address of the VRF it is in) or routed
// (the routing rules, then the longest prefix of the VRF's routing table, least distance;
// TTL or hop limit counted down), passes the firewall (prerouting dst-nat, input / forward /
// output filter, postrouting src-nat) and is handed to the next hop found by ARP (IPv6:
// neighbour discovery) in the layer-2 domain of the outgoing interface. The answer (echo
// reply, or an ICMP error of a router on the way) travels back the same way, NAT undone
// where it was done. Nothing is sent: the path is computed.

import type { ProbeRequest, ProbeResult } from '../device/network.js';
import type { Fabric, Host, LabNode } from './fabric.js';
import { canonical, contains, familyOf, isLinkLocal } from './family.js';
import { applyCounts, runChain, type Counts, type Packet } from './firewall.js';
import type { ActiveRoute, Family, Interface, RouterModel } from './model.js';
import { ruleFor } from './rules.js';

/** Tunnels inside tunnels the lab follows (a tunnel whose underlay is itself ends there). */
const MAX_NESTING = 3;

/** Each hop adds about this much to the round trip (a wire and a router's slow path). */
const HOP_US = 180;
/** What the network layer adds to an echo's data: IPv4 and ICMP headers, or IPv6 and ICMPv6's. */
const HEADERS: Record<Family, number> = { 4: 28, 6: 48 };

/** One neighbour a router learned from traffic: ARP (IPv4) or neighbour discovery (IPv6). */
export interface Neighbor { address: string; ifId: number; mac: string; router?: boolean }

/** What a lab keeps per router beyond its configuration: the ARP and ND entries traffic taught it. */
export interface Learned {
  arp: Map<string, Neighbor>;
  nd: Map<string, Neighbor>;
}

interface NatRecord { node: number; kind: 'src' | 'dst'; from: string; to: string }

interface Route { dst: string; prefix: number; distance: number; ifId?: number; gateway?: string; kind: 'unicast' | 'blackhole' | 'unreachable' | 'prohibit' }

/**
 * Whether the router takes a packet to `ip` in, within the VRF the packet is in. A VRRP
 * backup's virtual address is not its own: the master holds it (it answers ARP for it), so
 * the backup sends such a packet there (routeros-facts.md 26.7, 26.9). IPv6: its link-local
 * addresses too.
 */
function isLocal(model: RouterModel, ip: string, vrf: string): boolean {
  if (ip.startsWith('127.') || ip === '::1') return true;
  const ifs = model.interfaces;
  const family = ip.includes(':') ? 6 : 4;
  if (family === 6 && isLinkLocal(ip)) return ifs.list.some((i) => i.linkLocal === ip && i.vrf === vrf && i.running);
  return model.addresses[family].some((a) => {
    if (!a.enabled || canonical(a.ip) !== ip) return false;
    const iface = a.interface === undefined ? undefined : ifs.byId.get(a.interface);
    if ((iface?.vrf ?? 'main') !== vrf) return false;
    return iface?.type !== 'vrrp' || iface.running;
  });
}

/** The forwarding tables made of a family's active routes: worked out once per change, per table. */
const forwarding = new WeakMap<readonly ActiveRoute[], Map<string, Route[]>>();

/**
 * A routing table's active routes of one family as the router's own print works them out
 * (connected, static and protocol routes, gateways resolved recursively within target-scope,
 * `@vrf` gateways in their VRF's table: the model's routing table), each with the interface
 * it leaves by and its next hop. A table without `fib` forwards nothing.
 */
function routes(model: RouterModel, family: Family, table: string): Route[] {
  const active = model.routing.active[family];
  let byTable = forwarding.get(active);
  if (!byTable) forwarding.set(active, (byTable = new Map()));
  let out = byTable.get(table);
  if (out) return out;
  out = [];
  const fib = model.routing.tables.find((t) => t.name === table);
  for (const r of fib?.fib && fib.enabled ? active : []) {
    if (r.table !== table) continue;
    const [dst, len] = r.dst.split('/');
    if (familyOf(dst) !== family) continue;
    const prefix = Number(len ?? (family === 4 ? 32 : 128));
    if (r.type !== 'unicast') { out.push({ dst, prefix, distance: r.distance, kind: r.type }); continue; }
    // Of several gateways (or ECMP routes) the first is taken: the lab hashes no flows.
    const hop = r.immediateGw?.split(',')[0];
    const ifId = r.interfaces[0];
    if (!hop || ifId === undefined) continue;
    const pct = hop.indexOf('%');
    out.push({ dst, prefix, distance: r.distance, ifId, gateway: pct < 0 ? undefined : canonical(hop.slice(0, pct)), kind: 'unicast' });
  }
  byTable.set(table, out);
  return out;
}

function longest(list: readonly Route[], dst: string): Route | undefined {
  let best: Route | undefined;
  for (const r of list) {
    if (!contains(r.dst, r.prefix, dst)) continue;
    if (!best || r.prefix > best.prefix || (r.prefix === best.prefix && r.distance < best.distance)) best = r;
  }
  return best;
}

/** What the routing decision gives: a route, or a rule's drop or unreachable. */
type Decision = Route | 'drop' | 'unreachable' | undefined;

/**
 * The routing decision for a packet in a VRF: the `/routing rule`s in order (a `lookup` that
 * finds nothing goes on to the next rule, `lookup-only-in-table` does not: ./rules.ts), then
 * the VRF's own table (main's is `main`).
 */
function decide(model: RouterModel, p: Packet, vrf: string, inIf?: Interface): Decision {
  const family = p.dst.includes(':') ? 6 : 4;
  for (const rule of ruleFor(model, p, family, inIf)) {
    if (rule.action === 'drop' || rule.action === 'unreachable') return rule.action;
    const found = rule.table ? longest(routes(model, family, rule.table), p.dst) : undefined;
    if (found) return found;
    if (rule.action === 'lookup-only-in-table') return 'unreachable';
  }
  return longest(routes(model, family, vrf), p.dst);
}

function lookup(model: RouterModel, dst: string, vrf = 'main'): Route | undefined {
  return longest(routes(model, dst.includes(':') ? 6 : 4, vrf), dst);
}

/**
 * The address a router sends from toward `dst` when nothing else says: its address on the
 * interface its route leaves by (a tunnel's source when `local-address` is unset).
 */
export function sourceToward(model: RouterModel, dst: string): string | undefined {
  const r = lookup(model, canonical(dst));
  return r?.kind === 'unicast' ? addressOn(model, r.ifId, toward(r, canonical(dst))) : undefined;
}

/** Whether the router takes a packet to `ip` in (one of its addresses, in any of its VRFs). */
export const owns = (model: RouterModel, ip: string) => {
  const want = canonical(ip);
  return isLocal(model, want, 'main') || model.interfaces.vrfs.some((v) => v.enabled && isLocal(model, want, v.name));
};

/** The router's address on an interface (the first), the source of what it sends there. */
function addressOn(model: RouterModel, ifId: number | undefined, toward: string): string | undefined {
  const family = toward.includes(':') ? 6 : 4;
  const addrs = model.addresses.working[family].filter((a) => a.on === ifId);
  const ip = addrs.find((a) => contains(a.ip, a.prefix, toward))?.ip ?? addrs[0]?.ip;
  // IPv6 without a global address there: one of the router's others (RFC 6724 section 5 takes
  // a global source over a link-local one for a global destination), else the link-local one.
  if (ip === undefined && family === 6 && ifId !== undefined) {
    if (isLinkLocal(toward)) return model.interfaces.byId.get(ifId)?.linkLocal;
    const ifs = model.interfaces, vrf = ifs.byId.get(ifId)?.vrf;
    const other = model.addresses.working[6].find((a) => !isLinkLocal(a.ip) && a.on !== undefined && ifs.byId.get(a.on)?.vrf === vrf);
    return canonicalOr(other?.ip) ?? ifs.byId.get(ifId)?.linkLocal;
  }
  return ip === undefined ? undefined : canonical(ip);
}

/**
 * What the source address is chosen toward: the gateway (its network's address on the
 * interface), or the destination itself when it is on-link or the gateway is link-local.
 */
const toward = (route: Route, dst: string) => (route.gateway && !isLinkLocal(route.gateway) ? route.gateway : dst);

/**
 * The source of an ICMP error a router sends back to `to`: like any packet it sends, the
 * address of the interface its route back leaves by (the one in the network toward the
 * next hop, else the first), never a VRRP interface's virtual address unless that is the way
 * back (Linux icmp_send with icmp_errors_use_inbound_ifaddr=0: routeros-facts.md 26.9). With
 * no route back, the interface the packet came in by.
 */
function errorSource(model: RouterModel, inIf: Interface, to: string): string | undefined {
  const back = lookup(model, to, inIf.vrf);
  const from = back?.kind === 'unicast' ? addressOn(model, back.ifId, toward(back, to)) : undefined;
  return from ?? addressOn(model, inIf.id, to);
}

/** Where a packet went: delivered to a node, or stopped with an ICMP error or silently. */
type Outcome =
  | { kind: 'delivered'; node: number; vrf: string; inIf?: Interface; ttl: number; hops: number; packet: Packet }
  | { kind: 'error'; node: number; vrf: string; error: 'ttl-exceeded' | 'host-unreachable' | 'net-unreachable'; from: string; hops: number }
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
      const there = this.travel(fabric, from, { ...p }, 'main', counts, nats);
      if (there.kind !== 'delivered') return false;
      const answer: Packet = { src: there.packet.dst, dst: there.packet.src, ttl: 64, protocol: p.protocol, size: p.size, state: 'established' };
      const back = this.travel(fabric, there.node, answer, there.vrf, counts, nats);
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
    // A link-local address names its interface (`fe80::1%ether2`): it is sent there, never routed.
    const pct = req.address.indexOf('%');
    const address = pct < 0 ? req.address : req.address.slice(0, pct);
    const zone = pct < 0 ? undefined : model.interfaces.byName.get(req.address.slice(pct + 1));
    if (pct >= 0 ? !zone?.running || !isLinkLocal(address) : isLinkLocal(address)) return { status: 'timeout', rttUs: 0 };
    const family = familyOf(address);
    // A name or a value of no family finds no way; so does a source of the other family.
    if (family === undefined || (req.src && familyOf(req.src) !== family)) return { status: 'timeout', rttUs: 0 };
    if (family === 6 && model.ipv6.settings.disabled) return { status: 'timeout', rttUs: 0 };
    const vrf = req.vrf ?? 'main';
    const p: Packet = {
      src: req.src ? canonical(req.src) : zone?.linkLocal ?? '', dst: canonical(address), ttl: req.ttl, protocol, dstPort: req.dstPort,
      size: req.size + HEADERS[family], state: 'new',
    };
    try {
      if (isLocal(model, p.dst, vrf)) return { status: 'reply', from: p.dst, ttl: 64, rttUs: 20 + Math.floor(Math.random() * 40) };
      const there = this.travel(fabric, from, p, vrf, counts, nats, zone?.id);
      if (there.kind === 'lost') return { status: 'timeout', rttUs: 0 };
      // The answer: an echo reply from the destination, or the error from the router on the way.
      const answer: Packet = there.kind === 'delivered'
        ? { src: there.packet.dst, dst: there.packet.src, ttl: 64, protocol, size: p.size, state: 'established' }
        : { src: there.from, dst: p.src, ttl: 64, protocol: 'icmp', size: 56, state: 'related' };
      // An answer to a link-local address goes back out of the interface the echo came in by.
      const backVia = isLinkLocal(answer.dst) && there.kind === 'delivered' ? there.inIf?.id : undefined;
      const back = this.travel(fabric, there.node, answer, there.vrf, counts, nats, backVia);
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
   * Carries a packet from the node that sends it (in VRF `vrf`) to the node that takes it in.
   * `p.src` is filled in at the sender when empty; NAT changes it on the way and is recorded
   * in `nats` so the answer is translated back.
   */
  private travel(fabric: Fabric, start: number, p: Packet, startVrf: string, counts: Counts, nats: NatRecord[], via?: number, depth = 0): Outcome {
    let node = start;
    let inIf: Interface | undefined;
    let hops = 0;
    for (let guard = 0; guard < 300; guard++) {
      const model = fabric.nodes[node].model;
      // A packet is in the VRF of the interface it came in by (the sender's: the one it asked for).
      const vrf = inIf ? inIf.vrf : startVrf;
      if (inIf) {
        // NAT undone for an answer: the connection's entry at this router.
        for (const n of nats) {
          if (n.node !== node || p.state === 'new') continue;
          if (n.kind === 'src' && p.dst === n.to) p.dst = n.from;
          if (n.kind === 'dst' && p.src === n.to) p.src = n.from;
        }
        if (p.state === 'new') {
          const v = runChain(model, node, 'nat', { chain: 'dstnat', in: inIf }, p, counts);
          const to = natTarget(v.rule?.toAddresses);
          if ((v.action === 'dst-nat' || v.action === 'netmap') && to) {
            nats.push({ node, kind: 'dst', from: p.dst, to });
            p.dst = to;
            p.dstnat = true;
          }
        }
        if (isLocal(model, p.dst, vrf)) return this.input(model, node, inIf, p, hops, counts, vrf);
      } else if (p.state !== 'new' && isLocal(model, p.dst, vrf)) {
        // An answer a router sends itself (its echo looped back to it and ran out there).
        return { kind: 'delivered', node, vrf, ttl: p.ttl, hops, packet: p };
      }
      // A Linux host does not forward (net.ipv4.ip_forward=0): what is not its own is dropped.
      if (inIf && model.kind === 'host') return { kind: 'lost', hops };
      // The sender of a link-local packet names the interface: the destination is on that link.
      // "Routers must not forward any packets with Link-Local source or destination addresses
      // to other links" (RFC 4291 2.5.6).
      if (inIf && (isLinkLocal(p.dst) || isLinkLocal(p.src))) return { kind: 'lost', hops };
      const decision: Decision = !inIf && via !== undefined
        ? { dst: p.dst, prefix: 128, distance: 0, ifId: via, kind: 'unicast' } : decide(model, p, vrf, inIf);
      if (decision === 'drop') return { kind: 'lost', hops };
      const route = decision === 'unreachable' ? undefined : decision;
      // No route: a router on the way answers "network unreachable"; a blackhole swallows silently.
      if (!route || route.kind === 'blackhole') return inIf && !route ? this.unreachable(model, node, inIf, p, hops, 'net-unreachable') : { kind: 'lost', hops };
      if (route.kind !== 'unicast') return inIf ? this.unreachable(model, node, inIf, p, hops) : { kind: 'lost', hops };
      const out = model.interfaces.byId.get(route.ifId!)!;
      // A route leaked into this table that leads to an address of the router's own in the
      // other VRF: delivered there (the connected route of that VRF's interface).
      if (inIf && out.vrf !== vrf && isLocal(model, p.dst, out.vrf)) return this.input(model, node, inIf, p, hops, counts, out.vrf);
      if (inIf) {
        // A router passes the packet on with one less TTL; none left, it answers "time exceeded".
        if (p.ttl <= 1) {
          const from = errorSource(model, inIf, p.src);
          return from ? { kind: 'error', node, vrf, error: 'ttl-exceeded', from, hops } : { kind: 'lost', hops };
        }
        p.ttl--;
        const v = runChain(model, node, 'filter', { chain: 'forward', in: inIf, out }, p, counts);
        if (v.action === 'drop' || v.action === 'tarpit') return { kind: 'lost', hops };
        if (v.action === 'reject') return this.unreachable(model, node, inIf, p, hops);
      } else {
        if (!p.src) p.src = addressOn(model, out.id, toward(route, p.dst)) ?? '';
        if (!p.src) return { kind: 'lost', hops };
        const v = runChain(model, node, 'filter', { chain: 'output', out }, p, counts);
        if (v.action !== 'accept') return { kind: 'lost', hops };
      }
      if (p.state === 'new') {
        const v = runChain(model, node, 'nat', { chain: 'srcnat', in: inIf, out }, p, counts);
        const to = v.action === 'masquerade' ? addressOn(model, out.id, toward(route, p.dst))
          : v.action === 'src-nat' || v.action === 'netmap' ? natTarget(v.rule?.toAddresses) : undefined;
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
        // The underlay is main's (a tunnel's own VRF is the inside's).
        const outer = this.travel(fabric, node, carried.outer, 'main', counts, nats, undefined, depth + 1);
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
      // The next hop answers ARP (IPv6: a neighbour solicitation) in the outgoing interface's layer-2 domain.
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

  /** A packet for the router itself: the input chain decides. */
  private input(model: RouterModel, node: number, inIf: Interface, p: Packet, hops: number, counts: Counts, vrf: string): Outcome {
    const v = runChain(model, node, 'filter', { chain: 'input', in: inIf }, p, counts);
    if (v.action === 'drop' || v.action === 'tarpit') return { kind: 'lost', hops };
    if (v.action === 'reject') return this.unreachable(model, node, inIf, p, hops);
    return { kind: 'delivered', node, vrf, inIf, ttl: p.ttl, hops, packet: p };
  }

  private unreachable(model: RouterModel, node: number, inIf: Interface, p: Packet, hops: number, error: 'host-unreachable' | 'net-unreachable' = 'host-unreachable'): Outcome {
    // An ICMP error answers nothing but a new packet's own trouble.
    if (p.state !== 'new') return { kind: 'lost', hops };
    const from = errorSource(model, inIf, p.src);
    return from ? { kind: 'error', node, vrf: inIf.vrf, error, from, hops } : { kind: 'lost', hops };
  }

  /**
   * Both ends of a hop learn each other's MAC address (the ARP request, or IPv6's neighbour
   * solicitation, carries the sender's): the sender the next hop's, the next hop the
   * sender's address in that network (IPv6: of the same scope, link-local for link-local).
   * An IPv6 neighbour that forwards says so in its advertisements (RFC 4861 4.4, the R flag:
   * `router` in /ipv6 neighbor).
   */
  private learn(fabric: Fabric, node: number, out: Interface, host: Host) {
    const family = host.ip.includes(':') ? 6 : 4;
    const table = (n: number) => (family === 4 ? this.learned[n].arp : this.learned[n].nd);
    const router = (n: number) => (family === 6 ? { router: fabric.nodes[n].model.ipv6.settings.forward } : {});
    table(node).set(`${out.id} ${host.ip}`, { address: host.ip, ifId: out.id, mac: host.mac, ...router(host.node) });
    const ownIp = family === 6 && isLinkLocal(host.ip) ? out.linkLocal : addressOn(fabric.nodes[node].model, out.id, host.ip);
    if (!ownIp) return;
    const mine = fabric.hostsOf(family, fabric.domainOf(node, out.id)).find((h) => h.node === node && h.ip === ownIp);
    if (mine) table(host.node).set(`${host.ifId} ${ownIp}`, { address: ownIp, ifId: host.ifId, mac: mine.mac, ...router(node) });
  }
}

const canonicalOr = (ip: string | undefined) => (ip === undefined ? undefined : canonical(ip));

/** The first address of a NAT rule's `to-addresses` (a range `a-b` or an IPv6 prefix `a/64`). */
function natTarget(to: string | undefined): string | undefined {
  const first = to?.split('-')[0].split('/')[0];
  return first ? canonical(first) : undefined;
}
