// BGP between the routers of a lab (RFC 4271), computed from each router's connections with
// their templates (its model: ../model-bgp.ts) as real routers converge, not simulated
// message by message:
//
// 1. Sessions: two connections of two routers pair up when the real ones would reach
//    Established: one side connects to an address the other holds and the other listens for
//    the address it comes from (a `remote.address` range accepts any address in it), AS
//    numbers agree with `remote.as` both ways and with the roles (ibgp: same AS), the TCP MD5
//    keys are the same, each router reaches the other's address through its routing table
//    and the links (both ways), and an eBGP side without `multihop` has its peer on a
//    directly connected network.
// 2. Routes: every session carries what its sender advertises — `output.network` (an
//    address list; each prefix only while the routing table has it), `output.redistribute`,
//    `output.default-originate` and the best BGP paths (iBGP-learned ones not to iBGP peers) —
//    through the output filter chain, with eBGP's AS prepend and next-hop self; the receiver
//    drops paths with its own AS (loop prevention), runs its input filter chain and picks
//    the best path per prefix of each routing table (RFC 4271 9.1 in RouterOS's order). Repeated to a fixed point.
// 3. Results are published as the routers show them: /routing/bgp/session records and
//    dynamic /ip/route and /ipv6/route records (owner `bgp`), and /log lines when a session
//    comes or goes.
//
// Both families (RFC 4760): a session runs over the family of its `remote.address` and carries
// the families both ends offer in `afi` (routeros-facts.md 60); IPv6 prefixes come from the
// /ipv6 address lists and routing table and go to /ipv6/route.

import { covers, networkText, prefixOf, type Prefix } from '../../core/prefix.js';
import { formatDateTime, ipToInt } from '../../core/values.js';
import type { Fabric } from '../fabric.js';
import { canonical, familyOf, isLinkLocal } from '../family.js';
import type { BgpConnection, Family, FilterRoute, RouterModel, RoutingFilters } from '../model.js';
import type { Published, RoutingContext, Stage } from './context.js';

const SESSION = 'routing/bgp/session';
/** Where each family's routes go: /ip/route and /ipv6/route (both listed in /routing/route). */
const ROUTE = { 4: 'ip/route', 6: 'ipv6/route' } as const;
/** The address families of unicast BGP, by the words of `afi` (RFC 4760's AFI 1 and 2). */
const AFI = { 4: 'ip', 6: 'ipv6' } as const;
type Afi = (typeof AFI)[Family];
/** Marks a path BGP did not choose: the routing table lists it, never active (src/menus/ip/rib.ts). */
const LOST = '.lost';
/** A path the input filter rejected: kept and listed as filtered (routeros-facts.md 59.6). */
const FILTERED = '.filtered';

/** RouterOS's distances for BGP routes (manual, "IP Routing": eBGP 20, iBGP 200). */
const DISTANCE_EBGP = 20;
const DISTANCE_IBGP = 200;
const DEFAULT_LOCAL_PREF = 100;

/** One connection of one router (its model's configuration). */
interface Conn extends BgpConnection { node: number }

/** A session as one of its two routers sees it. */
interface Side {
  key: string;
  conn: Conn;
  node: number;
  peer: number;
  localAddr: string;
  remoteAddr: string;
  localAs: number;
  remoteAs: number;
  localId: string;
  remoteId: string;
  ibgp: boolean;
  holdTime: string;
  keepalive: string;
  /** The families both ends offer (RFC 4760 capabilities): what the session carries. */
  afi: Set<Afi>;
  /**
   * The next hop this router gives per family: the session's own address for its family; for
   * the other one its address of that family on the interface the session leaves by (RFC 2545
   * section 2: an IPv6 next hop is an IPv6 address of the sender), undefined when it has none.
   */
  self: { 4?: string; 6?: string };
  /** The other router's side. */
  other?: Side;
}

/** A path to a prefix as a router holds it. */
interface Path {
  attrs: FilterRoute;
  nextHop: string;
  /** The session it came over (undefined: originated by this router). */
  from?: Side;
}

const familyOfDst = (dst: string): Family => (dst.includes(':') ? 6 : 4);

/** Addresses in order (IPv4 before IPv6, then by value): BGP's tie-breaker on the peer address. */
function compareAddr(x: string | undefined, y: string | undefined): number {
  const a = prefixOf(x ?? '0.0.0.0'), b = prefixOf(y ?? '0.0.0.0');
  if (!a || !b) return 0;
  return a.bits - b.bits || (a.net < b.net ? -1 : a.net > b.net ? 1 : 0);
}

// ---------------------------------------------------------------- the routing table as BGP reads it

interface Entry { p: Prefix; dst: string; distance: number; ifId?: number; gw?: string; blackhole: boolean; protocol: string }

/** A router's main table of each family. */
type Tables = { 4: Entry[]; 6: Entry[] };

/**
 * A router's main table of one family without BGP's own routes: connected networks of working
 * addresses (IPv6 link-local ones left out: they are the link's, never advertised), and static,
 * OSPF ... routes whose gateway resolves through a connected network or, one step further,
 * through such a route (a recursive next hop).
 */
function tableOf(model: RouterModel, family: Family): Entry[] {
  const connected: Entry[] = [];
  for (const a of model.addresses.working[family]) {
    if (family === 6 && isLinkLocal(a.ip)) continue;
    const p = prefixOf(`${a.ip}/${a.prefix}`);
    if (p) connected.push({ p, dst: networkText(`${a.ip}/${a.prefix}`)!, distance: 0, ifId: a.on, blackhole: false, protocol: 'connected' });
  }
  const out = [...connected];
  const pending: { e: Entry; hops: readonly string[] }[] = [];
  for (const r of model.routing.records[family]) {
    if (!r.enabled || r.protocol === 'bgp' || r.table !== 'main') continue;
    const p = prefixOf(r.dst);
    if (!p) continue;
    const protocol = !r.dynamic ? 'static' : r.owner ?? (r.protocol === 'ospf' || r.protocol === 'dhcp' ? r.protocol : 'static');
    const e: Entry = { p, dst: networkText(r.dst)!, distance: r.distance, blackhole: r.blackhole, protocol };
    if (e.blackhole) { out.push(e); continue; }
    pending.push({ e, hops: r.gateways });
  }
  const resolve = (within: Entry[], hop: string): { ifId: number; gw?: string } | undefined => {
    const [gw, ifName] = hop.split('%');
    // An interface, or an address on one (`fe80::1%ether2`, OSPFv3's next hops).
    if (ifName || !familyOf(gw)) {
      const iface = model.interfaces.resolve(ifName ?? gw);
      return iface && iface.running ? { ifId: iface.id, gw: ifName ? canonical(gw) : undefined } : undefined;
    }
    const via = longest(within, gw);
    if (!via || via.ifId === undefined) return undefined;
    return { ifId: via.ifId, gw: via.gw ?? canonical(gw) };
  };
  const direct: typeof pending = [];
  for (const p of pending) {
    const hop = p.hops.map((h) => resolve(connected, h)).find((x) => x !== undefined);
    if (hop) out.push({ ...p.e, ...hop }); else direct.push(p);
  }
  const first = [...out];
  for (const p of direct) {
    const hop = p.hops.map((h) => resolve(first, h)).find((x) => x !== undefined);
    if (hop) out.push({ ...p.e, ...hop });
  }
  return out;
}

function longest(table: readonly Entry[], ip: string): Entry | undefined {
  const a = prefixOf(ip.split('%')[0]);
  if (!a) return undefined;
  let best: Entry | undefined;
  for (const e of table) {
    if (!covers(e.p, a)) continue;
    if (!best || e.p.len > best.p.len || (e.p.len === best.p.len && e.distance < best.distance)) best = e;
  }
  return best;
}

/** The route toward an address in the table of its family. */
const lookup = (tables: Tables, ip: string): Entry | undefined => {
  const f = familyOf(ip.split('%')[0]);
  return f ? longest(tables[f], ip) : undefined;
};

// ---------------------------------------------------------------- the stage

export class Bgp implements Stage {
  readonly name = 'bgp';
  readonly topics = 'route,bgp';
  readonly inputs = ['routing/bgp/', 'routing/filter/', 'routing/id', 'ip/firewall/address-list', 'ipv6/firewall/address-list', 'ip/route', 'ipv6/route', 'ipv6/address'];
  /** Established sessions of the last run, per node, by key: what the log compares against. */
  private up = new Map<number, Map<string, string>>();
  /** Whether the last run had connections (and so may have published something to take back). */
  private ran = false;

  run(ctx: RoutingContext): void {
    const nodes = ctx.nodes;
    const conns: Conn[][] = nodes.map((n, i) => n.model.bgp.connections.map((c) => ({ ...c, node: i })));
    // A lab without BGP (an OSPF benchmark) pays only for looking at the connections.
    const any = conns.some((c) => c.length > 0);
    if (!any && !this.ran) return;
    this.ran = any;
    const fabric = ctx.fabric();
    const models = nodes.map((n) => n.model);
    const tables: Tables[] = models.map((m) => ({ 4: tableOf(m, 4), 6: tableOf(m, 6) }));
    const owned = models.map((m) => new Set([...m.addresses.working[4].map((a) => a.ip), ...m.addresses.working[6].map((a) => canonical(a.ip))]));
    const ids = models.map((m) => m.bgp.routerId ?? lowestAddress(m.addresses.working[4].map((a) => a.ip)));
    const sides = this.sessions(fabric, tables, owned, conns, ids);
    const filters = models.map((m) => m.filters);
    const multipath = models.map((m) => m.bgp.multipath);
    const { best, losers, filtered, received } = exchange(models, tables, sides, filters, multipath);

    for (let i = 0; i < nodes.length; i++) {
      this.publishSessions(ctx, i, sides[i], conns[i], received);
      this.publishRoutes(ctx, i, best[i], losers[i], filtered[i]);
    }
  }

  // ---------------------------------------------------------------- sessions

  private sessions(fabric: Fabric, tables: Tables[], owned: Set<string>[], conns: Conn[][], ids: string[]): Side[][] {
    const sides: Side[][] = conns.map(() => []);
    const reach = new Map<string, boolean>();
    const delivers = (from: number, src: string, dst: string) => {
      const k = `${from} ${src} ${dst}`;
      let v = reach.get(k);
      if (v === undefined) { v = walk(fabric, tables, owned, from, dst); reach.set(k, v); }
      return v;
    };
    // A router's global addresses of a family on an interface, the one in `toward`'s network first.
    const addressesOn = (node: number, family: Family, ifId: number, toward?: string) => {
      const addrs = fabric.nodes[node].model.addresses.working[family].filter((a) => a.on === ifId && !(family === 6 && isLinkLocal(a.ip)));
      const t = toward && familyOf(toward) === family ? prefixOf(toward) : undefined;
      const i = t ? addrs.findIndex((a) => covers(prefixOf(`${a.ip}/${a.prefix}`)!, t)) : -1;
      return (i >= 0 ? [addrs[i], ...addrs.filter((_, j) => j !== i)] : addrs).map((a) => canonical(a.ip));
    };
    // The source address a router uses toward an address: its address on the way out.
    const sourceToward = (node: number, dst: string): string | undefined => {
      const e = lookup(tables[node], dst);
      if (!e || e.ifId === undefined) return undefined;
      return addressesOn(node, familyOfDst(dst), e.ifId, e.gw ?? dst)[0];
    };
    // The next hops a side gives: for the other family, its address on the interface the session leaves by.
    const selfOf = (node: number, local: string, remote: string): Side['self'] => {
      const f = familyOfDst(remote);
      const e = lookup(tables[node], remote);
      const other: Family = f === 4 ? 6 : 4;
      const there = e?.ifId !== undefined ? addressesOn(node, other, e.ifId)[0] : undefined;
      return f === 4 ? { 4: local, 6: there } : { 4: there, 6: local };
    };
    const directly = (node: number, peer: number, addr: string) => {
      const e = lookup(tables[node], addr);
      return e?.protocol === 'connected' && e.ifId !== undefined && fabric.hostAt(node, e.ifId, addr)?.node === peer;
    };
    const families = (c: Conn) => new Set(c.afi.filter((x): x is Afi => x === 'ip' || x === 'ipv6'));
    const all = conns.flat();
    for (const a of all) {
      if (!a.connect || !a.remote || a.remote.len !== a.remote.bits || a.as === undefined) continue;
      const x = a.remoteText;
      // A connection to one address has one session: found already from the other side when both connect.
      if (sides[a.node].some((s) => s.conn === a)) continue;
      // The address a's connection comes from: local.address, or its address on the way out.
      const y = a.local ?? sourceToward(a.node, x);
      if (!y || !owned[a.node].has(y)) continue;
      const from = prefixOf(y)!;
      for (const b of all) {
        if (b.node === a.node || !b.listen || !owned[b.node].has(x) || b.as === undefined || !b.remote) continue;
        if ((b.local && b.local !== x) || !covers(b.remote, from)) continue;
        const key = `${a.node}:${a.id}>${b.node}:${b.id}`;
        if (!agree(a, b) || a.md5 !== b.md5) continue;
        const ibgp = a.as === b.as;
        if (!delivers(a.node, y, x) || !delivers(b.node, x, y)) continue;
        if (!ibgp && ((!a.multihop && !directly(a.node, b.node, x)) || (!b.multihop && !directly(b.node, a.node, y)))) continue;
        const hold = minTime(a.holdTime, b.holdTime);
        // Each side offers its families; the session carries those both offer (RFC 4760 5).
        const offered = families(b);
        const afi = new Set([...families(a)].filter((f) => offered.has(f)));
        const sa: Side = { key, conn: a, node: a.node, peer: b.node, localAddr: y, remoteAddr: x, localAs: a.as, remoteAs: b.as, localId: a.routerId ?? ids[a.node], remoteId: b.routerId ?? ids[b.node], ibgp, holdTime: hold, keepalive: a.keepalive, afi, self: selfOf(a.node, y, x) };
        const sb: Side = { key, conn: b, node: b.node, peer: a.node, localAddr: x, remoteAddr: y, localAs: b.as, remoteAs: a.as, localId: b.routerId ?? ids[b.node], remoteId: a.routerId ?? ids[a.node], ibgp, holdTime: hold, keepalive: b.keepalive, afi, self: selfOf(b.node, x, y) };
        sa.other = sb; sb.other = sa;
        sides[a.node].push(sa);
        sides[b.node].push(sb);
        // The peer takes the connection on the first of its connections that matches it.
        break;
      }
    }
    return sides;
  }

  private publishSessions(ctx: RoutingContext, node: number, sides: Side[], conns: Conn[], received: Map<Side, number>) {
    const before = ctx.published(node, SESSION, 'bgp');
    const now = ctx.nodes[node].env.now();
    const records: Published = new Map();
    const upNow = new Map<string, string>();
    const counter = new Map<number, number>();
    for (const s of sides) {
      const n = (counter.get(s.conn.id) ?? 0) + 1;
      counter.set(s.conn.id, n);
      const name = `${s.conn.name}-${n}`;
      const key = `${s.key}`;
      const since = before.get(key)?.values['.established-at'] ?? String(now);
      records.set(key, {
        name,
        'remote.address': s.remoteAddr, 'remote.as': String(s.remoteAs), 'remote.id': s.remoteId,
        // The families each end offered (a 7.x session print: `remote ... .afi=ip,ipv6`, `local ... .afi=ip`).
        'remote.capabilities': 'mp,rr,gr,as4', 'remote.afi': s.other!.conn.afi.join(','), 'remote.eor': '',
        'local.address': s.localAddr, 'local.as': String(s.localAs), 'local.id': s.localId,
        'local.capabilities': 'mp,rr,gr,as4', 'local.afi': s.conn.afi.join(','), 'local.eor': '',
        ...(s.conn.outputFilter ? { 'output.filter-chain': s.conn.outputFilter } : {}),
        ...(s.conn.outputNetwork ? { 'output.network': s.conn.outputNetwork } : {}),
        ...(s.conn.inputFilter ? { 'input.filter': s.conn.inputFilter } : {}),
        // A switch: the router prints it with no value (`ebgp: ''` in a real API capture).
        ...(s.ibgp ? { ibgp: '' } : { ebgp: '' }),
        ...(s.conn.multihop ? { multihop: 'true' } : {}),
        ...(s.conn.routingTable !== 'main' ? { 'routing-table': s.conn.routingTable } : {}),
        'hold-time': s.holdTime, 'keepalive-time': s.keepalive,
        'last-started': before.get(key)?.values['last-started'] ?? formatDateTime(new Date(now)),
        'prefix-count': String(received.get(s) ?? 0),
        established: 'true',
        '.established-at': since,
      });
      upNow.set(key, `${name} ${s.remoteAddr}`);
    }
    // A connection that tries and gets no session shows one that is not established.
    for (const c of conns) {
      if (counter.has(c.id) || !c.connect || !c.remote || c.remote.len !== c.remote.bits) continue;
      records.set(`${c.id} down`, {
        name: `${c.name}-1`, 'remote.address': c.remoteText, ...(c.remoteAs !== undefined ? { 'remote.as': String(c.remoteAs) } : {}),
        ...(c.as !== undefined ? { 'local.as': String(c.as) } : {}), established: 'false',
      });
    }
    ctx.publish(node, SESSION, 'bgp', records);
    // The log: sessions that came up and went down since the last run.
    const was = this.up.get(node) ?? new Map<string, string>();
    for (const [k, what] of upNow) if (!was.has(k)) ctx.log(node, `${this.topics},info`, `${what.split(' ')[0]} established, remote ${what.split(' ')[1]}`);
    for (const [k, what] of was) if (!upNow.has(k)) ctx.log(node, `${this.topics},info`, `${what.split(' ')[0]} closed, remote ${what.split(' ')[1]}`);
    this.up.set(node, upNow);
  }

  // ---------------------------------------------------------------- routes

  private publishRoutes(ctx: RoutingContext, node: number, best: Map<string, Path[]>, losers: Map<string, Path[]>, filtered: Map<string, Path[]>) {
    const records: { 4: Published; 6: Published } = { 4: new Map(), 6: new Map() };
    for (const [key, paths] of best) {
      const learned = paths.filter((p) => p.from);
      if (!learned.length) continue;
      const dst = dstOf(key);
      const table = learned[0].from!.conn.routingTable;
      // Keyed by destination in main (stable ids), by destination and table elsewhere.
      records[familyOfDst(dst)].set(table === 'main' ? dst : `${dst}@${table}`, routeValues(dst, learned));
    }
    // The paths that lost are routes of the router too, listed but not active (routeros-facts.md 26.8).
    for (const [dst, paths] of losers) {
      for (const p of paths) records[familyOfDst(dst)].set(`${dst} ${p.from!.remoteAddr}`, { ...routeValues(dst, [p]), [LOST]: 'true' });
    }
    for (const [dst, paths] of filtered) {
      for (const p of paths) records[familyOfDst(dst)].set(`${dst} ${p.from!.remoteAddr}`, { ...routeValues(dst, [p]), [LOST]: 'true', [FILTERED]: 'true' });
    }
    ctx.publish(node, ROUTE[4], 'bgp', records[4]);
    ctx.publish(node, ROUTE[6], 'bgp', records[6]);
  }
}

/** The record of a route to dst over these paths (the best first; several with multipath). */
function routeValues(dst: string, learned: Path[]): Record<string, string> {
  const p = learned[0];
  const a = p.attrs;
  const s = p.from!;
  return {
    'dst-address': dst,
    gateway: learned.map((x) => x.nextHop).filter((v, i, all) => all.indexOf(v) === i).join(','),
    distance: String(a.distance),
    scope: String(a.scope), 'target-scope': String(a['target-scope']),
    'routing-table': s.conn.routingTable,
    bgp: 'true',
    // A path with no AS (learned inside the AS) prints no `.as-path` (a real 7.x print detail).
    ...(a['bgp-as-path'].length ? { 'bgp.as-path': a['bgp-as-path'].join(',') } : {}),
    'bgp.local-pref': String(a['bgp-local-pref'] ?? DEFAULT_LOCAL_PREF),
    ...(a['bgp-med'] !== undefined ? { 'bgp.med': String(a['bgp-med']) } : {}),
    'bgp.origin': a['bgp-origin'] ?? 'igp',
    ...(a['bgp-communities'].length ? { 'bgp.communities': a['bgp-communities'].join(',') } : {}),
    // A boolean, always there: REST and the API say true/false, the console yes/no.
    'bgp.atomic-aggregate': a['bgp-atomic-aggregate'] ? 'true' : 'false',
    // IPv6 routes' word is unconfirmed (routeros-facts.md 60): `bgp-IPv6-<peer>` beside `bgp-IP-<peer>`.
    'belongs-to': `bgp-${familyOfDst(dst) === 6 ? 'IPv6' : 'IP'}-${s.remoteAddr}`,
    ...(a.blackhole ? { blackhole: 'true' } : {}),
  };
}

/** AS numbers and roles agree both ways. */
function agree(a: Conn, b: Conn): boolean {
  if (a.remoteAs !== undefined && a.remoteAs !== b.as) return false;
  if (b.remoteAs !== undefined && b.remoteAs !== a.as) return false;
  const ibgp = a.as === b.as;
  for (const c of [a, b]) {
    if (c.role.startsWith('ibgp') && !ibgp) return false;
    if (c.role.startsWith('ebgp') && ibgp) return false;
  }
  return true;
}

function minTime(a: string, b: string): string {
  const ms = (t: string) => (t === 'infinity' ? Infinity : [...t.matchAll(/(\d+)(w|d|h|ms|m|s)/g)].reduce((s, [, n, u]) => s + Number(n) * ({ w: 604800e3, d: 86400e3, h: 3600e3, m: 60e3, s: 1e3, ms: 1 } as Record<string, number>)[u], 0));
  return ms(a) <= ms(b) ? a : b;
}

/**
 * The router ID when none is configured (the instance's or /routing/id's: the model's): the
 * lowest working IPv4 address (RouterOS picks one of its addresses; which one is unconfirmed).
 */
function lowestAddress(own: readonly string[]): string {
  return [...own].sort((x, y) => ipToInt(x) - ipToInt(y))[0] ?? '0.0.0.0';
}

/** Whether a packet from `from` to `dst` gets there hop by hop through the routing tables. */
function walk(fabric: Fabric, tables: Tables[], owned: Set<string>[], from: number, dst: string): boolean {
  let node = from;
  for (let hop = 0; hop < 64; hop++) {
    // A Linux host of the lab (numbered after the routers) forwards nothing.
    if (!owned[node]) return false;
    if (owned[node].has(dst)) return true;
    const e = lookup(tables[node], dst);
    if (!e || e.blackhole || e.ifId === undefined) return false;
    const host = fabric.hostAt(node, e.ifId, e.gw ?? dst);
    if (!host) return false;
    node = host.node;
  }
  return false;
}

// ---------------------------------------------------------------- route exchange

/**
 * What a router originates on one session: the prefixes of `output.network` its table has,
 * the active routes of the protocols `output.redistribute` names, and the default route of
 * `output.default-originate`.
 */
function originated(model: RouterModel, tables: Tables, side: Side): Map<string, Path> {
  const out = new Map<string, Path>();
  const c = side.conn;
  for (const family of [4, 6] as const) {
    // Only the families the session carries, and each with a next hop of its own family.
    const nextHop = side.self[family];
    if (!side.afi.has(AFI[family]) || !nextHop) continue;
    const active = new Map<string, Entry>();
    for (const e of tables[family]) {
      const cur = active.get(e.dst);
      if (!cur || e.distance < cur.distance) active.set(e.dst, e);
    }
    const add = (dst: string, protocol: string, origin: 'igp' | 'incomplete', network = false) => {
      if (out.has(dst)) return;
      out.set(dst, {
        nextHop,
        attrs: {
          dst, afi: AFI[family], protocol, distance: 1, scope: 30, 'target-scope': 10, 'routing-table': 'main', active: true,
          'bgp-as-path': [], 'bgp-communities': [], 'bgp-large-communities': [], 'bgp-ext-communities': [],
          'bgp-origin': origin, ...(network ? { 'bgp-network': true } : {}),
        },
      });
    };
    // output.network: each prefix of the address list (/ip or /ipv6 firewall address-list, one
    // name for both, as netlab's template writes them) that the routing table has (manual: the
    // network must be in the routing table to be advertised).
    if (c.outputNetwork) {
      for (const address of model.firewall[family].addressLists.get(c.outputNetwork) ?? []) {
        const dst = networkText(address);
        if (dst && active.has(dst)) add(dst, active.get(dst)!.protocol, 'igp', true);
      }
    }
    for (const [dst, e] of active) {
      if (c.redistribute.includes(e.protocol)) add(dst, e.protocol, 'incomplete');
    }
    const any = family === 4 ? '0.0.0.0/0' : '::/0';
    if (c.defaultOriginate === 'always' || (c.defaultOriginate === 'if-installed' && active.has(any))) add(any, 'bgp', 'igp');
  }
  return out;
}

const ORIGIN_RANK: Record<string, number> = { igp: 0, egp: 1, incomplete: 2 };

/** RFC 4271 9.1.2 in RouterOS's order: negative when `a` is better. */
function better(a: Path, b: Path): number {
  return equalCost(a, b)
    || ipToInt(a.from?.remoteId ?? '0.0.0.0') - ipToInt(b.from?.remoteId ?? '0.0.0.0')
    || compareAddr(a.from?.remoteAddr, b.from?.remoteAddr);
}

/** The comparison up to the tie-breakers: paths it finds equal share the load with multipath. */
function equalCost(a: Path, b: Path): number {
  const x = a.attrs, y = b.attrs;
  return (y['bgp-weight'] ?? 0) - (x['bgp-weight'] ?? 0)
    || (y['bgp-local-pref'] ?? DEFAULT_LOCAL_PREF) - (x['bgp-local-pref'] ?? DEFAULT_LOCAL_PREF)
    || x['bgp-as-path'].length - y['bgp-as-path'].length
    || ORIGIN_RANK[x['bgp-origin'] ?? 'igp'] - ORIGIN_RANK[y['bgp-origin'] ?? 'igp']
    || (x['bgp-as-path'][0] === y['bgp-as-path'][0] ? (x['bgp-med'] ?? 0) - (y['bgp-med'] ?? 0) : 0)
    || (a.from?.ibgp ? 1 : 0) - (b.from?.ibgp ? 1 : 0);
}

/** Whether two routes carry the same attributes (values, and lists element by element). */
function sameAttrs(a: FilterRoute | undefined, b: FilterRoute | undefined): boolean {
  if (!a || !b) return a === b;
  const x = a as unknown as Record<string, unknown>, y = b as unknown as Record<string, unknown>;
  const kx = Object.keys(x);
  if (kx.length !== Object.keys(y).length) return false;
  for (const k of kx) {
    const u = x[k], v = y[k];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length || u.some((e, i) => e !== v[i])) return false;
  }
  return true;
}

/** The key of a routing table's best paths to a destination, and the destination again. */
const slot = (table: string, dst: string) => `${table}\t${dst}`;
const dstOf = (key: string) => key.slice(key.indexOf('\t') + 1);

/**
 * Runs the advertisements of every session until nothing changes: each router's best paths
 * per prefix (learned ones; what it originates goes out per session). Returns, per node, the
 * chosen paths per prefix (the best first; with `multipath` on the router's instance, every
 * path equal to it up to the router ID: 7.20's /routing/bgp/instance `multipath`), and the
 * prefixes each session received (after its input filter).
 */
function exchange(envs: RouterModel[], tables: Tables[], sides: Side[][], filters: RoutingFilters[], multipath: boolean[]): {
  best: Map<string, Path[]>[]; losers: Map<string, Path[]>[]; filtered: Map<string, Path[]>[]; received: Map<Side, number>;
} {
  const adjIn = new Map<Side, Map<string, Path>>();
  for (const list of sides) for (const s of list) adjIn.set(s, new Map());
  // What each session's input filter rejected, as received.
  const rejected = new Map<Side, Map<string, Path>>();
  for (const list of sides) for (const s of list) rejected.set(s, new Map());
  const best: Map<string, Path[]>[] = envs.map(() => new Map());
  const origins = new Map<Side, Map<string, Path>>();
  for (const list of sides) for (const s of list) origins.set(s, originated(envs[s.node], tables[s.node], s));
  const tablesOf = sides.map((list) => new Set(list.map((s) => s.conn.routingTable)));

  // A worklist of prefixes: a router whose best path to a prefix changed advertises that
  // prefix again over its sessions; a receiver whose Adj-RIB-In changed for it chooses again,
  // and queues the prefix when its choice changed. Unchanged paths keep their objects, so a
  // change of choice is seen by identity. The bound stops a policy that never settles.
  const choose = (n: number, dsts: Iterable<string>): string[] => {
    const changed: string[] = [];
    for (const dst of dsts) {
      // Each routing table chooses apart: its sessions' paths compete only with each other.
      let moved = false;
      for (const table of tablesOf[n]) {
        const list: Path[] = [];
        for (const s of sides[n]) {
          if (s.conn.routingTable !== table) continue;
          const p = adjIn.get(s)!.get(dst);
          // A path whose next hop the router cannot reach is not used.
          if (p && (p.attrs.blackhole || lookup(tables[n], p.nextHop))) list.push(p);
        }
        list.sort(better);
        const chosen = !list.length ? undefined : multipath[n] ? list.filter((p) => equalCost(p, list[0]) === 0) : [list[0]];
        const key = slot(table, dst);
        const was = best[n].get(key);
        if (chosen) best[n].set(key, chosen); else best[n].delete(key);
        if (was?.length !== chosen?.length || (was && !was.every((p, i) => p === chosen![i]))) moved = true;
      }
      if (moved) changed.push(dst);
    }
    return changed;
  };
  const pending = new Map<number, Set<string> | 'all'>(envs.map((_, n) => [n, 'all']));
  let budget = 64 * (envs.length + 16);
  while (pending.size && budget-- > 0) {
    const [n, which] = pending.entries().next().value as [number, Set<string> | 'all'];
    pending.delete(n);
    for (const s of sides[n]) {
      const into = s.other!;
      const had = adjIn.get(into)!;
      const own = origins.get(s)!;
      const dsts = which === 'all' ? new Set([...own.keys(), ...[...best[n].keys()].map(dstOf), ...had.keys()]) : which;
      const touched: string[] = [];
      for (const dst of dsts) {
        const sent = advertiseOne(s, dst, own, best[n], filters[n]);
        const got = sent ? receive(into, sent, filters[into.node]) : undefined;
        if (got?.filtered) rejected.get(into)!.set(dst, got.path); else rejected.get(into)!.delete(dst);
        const accepted = got && !got.filtered ? got.path : undefined;
        const old = had.get(dst);
        if (!accepted) { if (old) { had.delete(dst); touched.push(dst); } continue; }
        if (old && old.nextHop === accepted.nextHop && sameAttrs(old.attrs, accepted.attrs)) continue;
        had.set(dst, accepted);
        touched.push(dst);
      }
      if (!touched.length) continue;
      const changed = choose(into.node, touched);
      if (!changed.length) continue;
      const queued = pending.get(into.node);
      if (queued === 'all') continue;
      if (queued) for (const d of changed) queued.add(d);
      else pending.set(into.node, new Set(changed));
    }
  }
  const received = new Map<Side, number>();
  for (const [side, got] of adjIn) received.set(side, got.size);
  // The paths each router received and did not choose, those whose next hop it cannot reach
  // too: BGP input does no next-hop check, "the main calc process" decides reachability
  // (manual, BGP "Nexthop Selection"), so they are listed, unreachable (routeros-facts.md 59.5).
  const losers = envs.map((_, n) => {
    const out = new Map<string, Path[]>();
    for (const s of sides[n]) {
      for (const [dst, p] of adjIn.get(s)!) {
        if (best[n].get(slot(s.conn.routingTable, dst))?.includes(p)) continue;
        out.set(dst, [...(out.get(dst) ?? []), p]);
      }
    }
    return out;
  });
  const filtered = envs.map((_, n) => {
    const out = new Map<string, Path[]>();
    for (const s of sides[n]) for (const [dst, p] of rejected.get(s)!) out.set(dst, [...(out.get(dst) ?? []), p]);
    return out;
  });
  return { best, losers, filtered, received };
}

/**
 * What a router sends over a session for one prefix (undefined: nothing, a withdrawal): its
 * own route (originated), else its best path, through the output filter, with the attributes
 * eBGP and iBGP give.
 */
function advertiseOne(s: Side, dst: string, own: Map<string, Path>, best: Map<string, Path[]>, filters: RoutingFilters): Path | undefined {
  // A prefix goes only over a session that carries its family (both ends offer it, RFC 4760),
  // with a next hop of that family this router has toward the peer.
  const family = familyOfDst(dst);
  const self = s.self[family];
  if (!s.afi.has(AFI[family]) || !self) return undefined;
  let p = own.get(dst);
  if (!p) {
    // A session advertises its own routing table's best path.
    p = best.get(slot(s.conn.routingTable, dst))?.[0];
    if (!p?.from || p.from === s) return undefined;
    // iBGP split horizon: a path learned over iBGP is not sent to an iBGP peer (no reflection).
    if (p.from.ibgp && s.ibgp) return undefined;
    // Well-known communities: no-advertise stays here, no-export stays in the AS.
    const comms = p.attrs['bgp-communities'];
    if (comms.includes('no-advertise') || comms.includes('65535:65282')) return undefined;
    if (!s.ibgp && (comms.includes('no-export') || comms.includes('65535:65281'))) return undefined;
  }
  // as-override "happens before routing filters and prepend" (manual, routing/bgp connection).
  const path = s.conn.asOverride && !s.ibgp ? p.attrs['bgp-as-path'].map((as) => as === s.remoteAs ? s.localAs : as) : [...p.attrs['bgp-as-path']];
  const attrs: FilterRoute = {
    ...p.attrs, 'bgp-as-path': path, 'bgp-communities': [...p.attrs['bgp-communities']],
    'bgp-output-local-as': s.localAs, 'bgp-output-remote-as': s.remoteAs,
    'bgp-output-local-addr': s.localAddr, 'bgp-output-remote-addr': s.remoteAddr,
    gw: p.nextHop, 'bgp-path-prepend': undefined,
  };
  const sent = filters.run(s.conn.outputFilter, attrs);
  if (!sent) return undefined;
  const local = !p.from;
  let nextHop = p.nextHop;
  if (s.ibgp) {
    if (local || s.conn.nexthopChoice === 'force-self') nextHop = self;
    sent['bgp-local-pref'] = sent['bgp-local-pref'] ?? DEFAULT_LOCAL_PREF;
  } else {
    if (s.conn.nexthopChoice !== 'propagate') nextHop = self;
    const prepend = Math.min(16, sent['bgp-path-prepend'] ?? 0);
    sent['bgp-as-path'] = [...Array(1 + prepend).fill(s.localAs), ...sent['bgp-as-path']];
    // LOCAL_PREF is not sent to eBGP peers; bgp-med "is local to the router. It is also used
    // in the output of iBGP peers": to eBGP only bgp-out-med is sent (manual, Writeable Properties).
    sent['bgp-local-pref'] = undefined;
    sent['bgp-med'] = undefined;
  }
  if (sent['bgp-out-med'] !== undefined) sent['bgp-med'] = sent['bgp-out-med'];
  sent['bgp-out-med'] = undefined;
  return { attrs: sent, nextHop };
}

/**
 * What a router makes of a path it receives: loop check, its defaults, its input filter. A path
 * the filter rejects is kept as received, filtered ("reject" keeps the prefix as filtered,
 * routeros-facts.md 26.6.1); one with the router's own AS is dropped.
 */
function receive(s: Side, path: Path, filters: RoutingFilters): { path: Path; filtered: boolean } | undefined {
  const a = path.attrs;
  if (a['bgp-as-path'].filter((as) => as === s.localAs).length > s.conn.allowAs) return undefined;
  const attrs: FilterRoute = {
    dst: a.dst, afi: AFI[familyOfDst(a.dst)], protocol: 'bgp', gw: path.nextHop,
    distance: s.ibgp ? DISTANCE_IBGP : DISTANCE_EBGP, scope: 40, 'target-scope': s.ibgp || s.conn.multihop ? 30 : 10,
    'routing-table': s.conn.routingTable,
    'bgp-as-path': [...a['bgp-as-path']], 'bgp-communities': [...a['bgp-communities']],
    'bgp-large-communities': [...a['bgp-large-communities']], 'bgp-ext-communities': [...a['bgp-ext-communities']],
    'bgp-origin': a['bgp-origin'] ?? 'igp',
    'bgp-local-pref': s.ibgp ? a['bgp-local-pref'] ?? DEFAULT_LOCAL_PREF : DEFAULT_LOCAL_PREF,
    ...(a['bgp-med'] !== undefined ? { 'bgp-med': a['bgp-med'] } : {}),
    ...(a['bgp-atomic-aggregate'] ? { 'bgp-atomic-aggregate': true } : {}),
    'bgp-input-local-as': s.localAs, 'bgp-input-remote-as': s.remoteAs,
    'bgp-input-local-addr': s.localAddr, 'bgp-input-remote-addr': s.remoteAddr,
  };
  const kept = filters.run(s.conn.inputFilter, attrs);
  if (!kept) return { path: { attrs, nextHop: path.nextHop, from: s }, filtered: true };
  return { path: { attrs: kept, nextHop: kept.gw ?? path.nextHop, from: s }, filtered: false };
}
