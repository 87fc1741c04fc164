// The routing information base of one address family, as the router works it out on every
// print and for every forwarded packet: connected routes (from the addresses), the routes
// users add, and the routes protocols publish (OSPF, BGP, DHCP: dynamic records of the
// same table). For each route the router decides whether its gateways resolve, through
// which immediate gateway, and which routes are active for their destination.
//
// RouterOS manual, "Routing decision" (docs/routeros-facts.md 26.1): a gateway is looked
// up only through routes whose `scope` is at most the route's `target-scope` (connected
// routes have scope 10; OSPF 20, static 30, BGP 40; target-scope 10 for all but iBGP's
// 30), so an iBGP next hop resolves recursively through OSPF or static routes while an
// OSPF next hop must be on a connected network. Routes are processed in scope order.
// Among the usable routes to one destination the lowest distance wins; several usable
// routes of that distance are all active, each flagged `ecmp`.

import type { Environment } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import { covers, networkText, prefixOf, type Prefix } from '../../core/prefix.js';
import { bridgeOf } from '../interface/bridge.js';
import { INTERFACE_TABLE, isRunning } from '../interface/interface.js';
import { target } from '../common.js';
import { routingTableName } from '../references.js';
import { madeAddress } from './ipv6-made.js';
import { vrfOfInterfaces } from './vrf-of.js';

/** An address family's tables and words. */
export interface Family {
  routes: 'ip/route' | 'ipv6/route';
  addresses: 'ip/address' | 'ipv6/address';
  bits: 32 | 128;
  /** The destination a route without one has. */
  anyDst: string;
}

export const IPV4: Family = { routes: 'ip/route', addresses: 'ip/address', bits: 32, anyDst: '0.0.0.0/0' };
export const IPV6: Family = { routes: 'ipv6/route', addresses: 'ipv6/address', bits: 128, anyDst: '::/0' };

/** What the router works out for one route. */
export interface RouteState {
  /** The route can be used: enabled, and blackhole or a gateway resolves. */
  usable: boolean;
  /** Chosen for its destination. */
  active: boolean;
  /** One of several active routes of equal distance to one destination. */
  ecmp: boolean;
  /** How each resolved gateway is reached, comma-joined (`10.0.0.1%ether1`). */
  immediateGw?: string;
  /** The interface each resolved gateway leaves by, in the order of immediateGw. */
  interfaces: Row[];
}

/** Connected routes get ids far above any static one; their address's id keeps them stable. */
export const CONNECTED_BASE = 0x20000000;

export const isConnected = (row: Row) => row.values.connect === 'true';

/**
 * The connected routes: one per network of an enabled, working address, on the interface
 * that carries it (an address on a bridge port works on the bridge). Values as a real
 * router prints them (routeros-facts.md 2.3): distance 0, scope 10, target-scope 5.
 * An interface that does not run (no link, disabled, a VRRP backup) has none: RouterOS 7
 * removes the route on link down rather than flagging it inactive (routeros-facts.md 26.9).
 * IPv6 link-local networks are left out (the lab routes no link-local traffic). An interface
 * of a VRF has its connected routes in the VRF's table (manual "Virtual Routing and Forwarding").
 */
export function connectedRoutes(env: Environment, family: Family): Row[] {
  const out: Row[] = [];
  const seen = new Set<string>();
  const vrfs = vrfOfInterfaces(env);
  for (const row of env.store.table(family.addresses).rows) {
    // IPv6: the address the record makes (`from-pool`, `eui-64`: ./ipv6-made.ts).
    const addr = family.bits === 128 && (row.values['from-pool'] || row.values['eui-64'] === 'true')
      ? { ...row, values: { ...row.values, address: madeAddress(env, row.values).address ?? '' } } : row;
    if (addr.values.disabled === 'true' || !addr.values.address) continue;
    if (family.bits === 128 && /^fe80:/i.test(addr.values.address)) continue;
    const iface = target(env, INTERFACE_TABLE, addr.values.interface);
    if (!iface) continue;
    const actual = bridgeOf(env, iface.id) ?? iface;
    if (!isRunning(env, actual)) continue;
    const [ip] = addr.values.address.split('/');
    const dst = family.bits === 32 && addr.values.network
      ? `${addr.values.network}/${addr.values.address.split('/')[1] ?? 32}`
      : networkText(addr.values.address);
    if (!dst) continue;
    const name = actual.values.name;
    // Two addresses in one network of one interface give one route (unconfirmed).
    if (seen.has(`${dst} ${name}`)) continue;
    seen.add(`${dst} ${name}`);
    const table = vrfs.get(actual.id) ?? 'main';
    out.push({
      id: CONNECTED_BASE + addr.id,
      dynamic: true,
      pos: 0,
      values: {
        'dst-address': dst, gateway: name, distance: '0', scope: '10', 'target-scope': '5',
        'routing-table': table, connect: 'true', 'local-address': `${ip}%${name}`,
        // Kept for the status computation, never shown: the interface the route is on.
        '.interface': formatId(actual.id),
      },
    });
  }
  return out;
}

/** A route's scope and target-scope as the router defaults them (static: 30 and 10). */
const scopeOf = (row: Row) => Number(row.values.scope ?? 30);
const targetScopeOf = (row: Row) => Number(row.values['target-scope'] ?? 10);
const distanceOf = (row: Row) => Number(row.values.distance ?? 1);

interface Resolver { prefix: Prefix; row: Row; state: RouteState }

/** Works out every route's state (see the head of this file). */
export function computeStates(env: Environment, rows: readonly Row[], family: Family): Map<Row, RouteState> {
  const interfaces = env.store.table(INTERFACE_TABLE);
  const running = (iface: Row | undefined) => iface !== undefined && isRunning(env, iface);
  const states = new Map<Row, RouteState>();
  // Usable routes already processed, by table, for next-hop lookup.
  const resolvers = new Map<string, Resolver[]>();
  const byScope = [...rows].sort((a, b) => scopeOf(a) - scopeOf(b));

  const lookup = (table: string, hop: Prefix, maxScope: number): Resolver | undefined => {
    let best: Resolver | undefined;
    // Resolvers come in scope order (routes are processed so): stop at the first beyond reach.
    for (const r of resolvers.get(table) ?? []) {
      if (scopeOf(r.row) > maxScope) break;
      if (!covers(r.prefix, hop)) continue;
      if (!best || r.prefix.len > best.prefix.len || (r.prefix.len === best.prefix.len && distanceOf(r.row) < distanceOf(best.row))) best = r;
    }
    return best;
  };

  // A route's table by name: users' routes store a reference (`*1`), protocols' the name.
  const tableOf = (row: Row) => routingTableName(env, row.values['routing-table']);
  for (const row of byScope) {
    const table = tableOf(row);
    let state: RouteState;
    if (isConnected(row)) {
      const iface = target(env, INTERFACE_TABLE, row.values['.interface']);
      const usable = running(iface);
      state = { usable, active: false, ecmp: false, immediateGw: row.values.gateway, interfaces: usable ? [iface!] : [] };
    } else if (row.values.disabled === 'true') {
      state = { usable: false, active: false, ecmp: false, interfaces: [] };
    } else {
      const gws: string[] = [];
      const through: Row[] = [];
      for (const written of (row.values.gateway ?? '').split(',')) {
        if (written === '') continue;
        // `10.0.0.1@main`, `ether2@vrf1`: the gateway is looked up in that table (route leaking:
        // routeros-facts.md 54.7); an interface of another VRF is reached as any interface.
        const at = written.lastIndexOf('@');
        const hop = at < 0 ? written : written.slice(0, at);
        const via = at < 0 ? table : written.slice(at + 1);
        const pct = hop.indexOf('%');
        const host = pct < 0 ? hop : hop.slice(0, pct);
        const ip = prefixOf(host);
        if (pct >= 0) {
          const iface = interfaces.byKey.get(hop.slice(pct + 1));
          if (running(iface)) { gws.push(hop); through.push(iface!); }
        } else if (ip && ip.len === ip.bits) {
          const found = lookup(via, ip, targetScopeOf(row));
          if (!found || found.row.values.blackhole === 'true') continue;
          if (isConnected(found.row)) {
            gws.push(`${host}%${found.row.values.gateway}`);
            through.push(found.state.interfaces[0]);
          } else {
            // Resolved recursively: the gateway's own route says how it is reached.
            const first = found.state.immediateGw?.split(',')[0];
            if (first && found.state.interfaces[0]) { gws.push(first); through.push(found.state.interfaces[0]); }
          }
        } else {
          const iface = interfaces.byKey.get(hop);
          if (running(iface)) { gws.push(hop); through.push(iface!); }
        }
      }
      const usable = row.values.blackhole === 'true' || gws.length > 0;
      state = { usable, active: false, ecmp: false, immediateGw: gws.length ? gws.join(',') : undefined, interfaces: through };
    }
    states.set(row, state);
    if (state.usable) {
      const prefix = prefixOf(row.values['dst-address'] || family.anyDst);
      if (prefix) {
        const list = resolvers.get(table) ?? [];
        list.push({ prefix, row, state });
        resolvers.set(table, list);
      }
    }
  }

  // For each destination of each table, the usable routes of least distance are active.
  const best = new Map<string, Row[]>();
  for (const row of rows) {
    // A path its protocol did not choose (BGP's losers, `.lost`) is listed but never active.
    if (!states.get(row)!.usable || row.values['.lost'] === 'true') continue;
    const key = `${tableOf(row)} ${row.values['dst-address'] || family.anyDst}`;
    const current = best.get(key);
    if (!current || distanceOf(row) < distanceOf(current[0])) best.set(key, [row]);
    else if (distanceOf(row) === distanceOf(current[0])) current.push(row);
  }
  for (const winners of best.values()) {
    for (const row of winners) {
      const s = states.get(row)!;
      s.active = true;
      s.ecmp = winners.length > 1;
    }
  }
  return states;
}

/** Rows (connected and stored, static and dynamic) in print order, with their states. */
export function routingTable(env: Environment, family: Family, compare: (a: string, b: string) => number): { rows: Row[]; states: Map<Row, RouteState> } {
  // Stored rows are copied so the states of one print belong to that print alone.
  const rows = [
    ...connectedRoutes(env, family),
    ...env.store.table(family.routes).rows.map((r): Row => ({ id: r.id, values: r.values, dynamic: r.dynamic, pos: r.pos })),
  ];
  const dst = (r: Row) => r.values['dst-address'] || family.anyDst;
  // The real print lists routes by destination (best guess from console and REST captures).
  rows.sort((a, b) => compare(dst(a), dst(b)) || distanceOf(a) - distanceOf(b) || a.id - b.id);
  return { rows, states: computeStates(env, rows, family) };
}
