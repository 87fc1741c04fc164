// /ip/route: the IPv4 routing table. Users add static routes; the router adds a connected
// route for every working /ip/address by itself. Both kinds show in print, each with the
// status the router computes: which route is active for its destination, and through which
// interface its gateway is reached (`immediate-gw`).
//
// Connected routes are not stored: they are computed from /ip/address and /interface on
// every print, so they can never disagree with them (and vanish with their address, as on
// the router). The menu's `rows` gives print, get, find and record URLs both kinds.

import { ValueError } from '../../core/errors.js';
import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, int, ipToInt, ipv4, ipv4Prefix, maskOf, orEmpty, str } from '../../core/values.js';
import { interfaceRef, ref, target } from '../common.js';
import { bridgeOf } from '../interface/bridge.js';
import { INTERFACE_TABLE, choice, isRunning } from '../interface/interface.js';
import { networkOf } from './address.js';
import { TREE } from '../../tree/declare.js';

// ---------------------------------------------------------------- value types

const DOTTED = /^[0-9.]+$/;

/**
 * `gateway`: comma-separated next hops, each an address, an interface name, or
 * `address%interface` (RouterOS manual, "IP Routing": IP | interface | IP%interface).
 */
const gatewayType: ValueType = {
  name: 'gateway',
  desc: 'IP | interface | IP%interface[,...]',
  parse(input) {
    return input.split(',').map((part) => {
      const pct = part.indexOf('%');
      const host = pct < 0 ? part : part.slice(0, pct);
      if (DOTTED.test(host)) {
        const ip = ipv4.parse(host);
        if (pct < 0) return ip;
        const iface = part.slice(pct + 1);
        if (iface === '') throw new ValueError();
        return `${ip}%${iface}`;
      }
      if (part === '' || pct >= 0) throw new ValueError();
      return part;
    }).join(',');
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const dstType = ipv4Prefix({ normalize: true });

// ---------------------------------------------------------------- route status

/** What the router works out for one route on every print. */
interface RouteState {
  /** The route can be used: enabled, and blackhole or a gateway resolves. */
  usable: boolean;
  /** Chosen for its destination. */
  active: boolean;
  /** How each resolved gateway is reached, comma-joined (`10.0.0.1%ether1`). */
  immediateGw?: string;
}

/** Connected routes get ids far above any static one; their address's id keeps them stable. */
const CONNECTED_BASE = 0x20000000;

const isConnected = (row: Row) => row.values.connect === 'true';

/**
 * The connected routes: one per network of an enabled, working /ip/address, on the
 * interface that carries it (an address on a bridge port works on the bridge). Values as
 * a real router prints them (routeros-facts.md 2.3): distance 0, scope 10, target-scope 5.
 */
function connectedRoutes(env: Environment): Row[] {
  const out: Row[] = [];
  const seen = new Set<string>();
  for (const addr of env.store.table('ip/address').rows) {
    if (addr.values.disabled === 'true') continue;
    const iface = target(env, INTERFACE_TABLE, addr.values.interface);
    if (!iface) continue;
    const actual = bridgeOf(env, iface.id) ?? iface;
    const [ip, len] = addr.values.address.split('/');
    const dst = `${addr.values.network ?? networkOf(addr.values.address)}/${len}`;
    const name = actual.values.name;
    // Two addresses in one network of one interface give one route (unconfirmed).
    if (seen.has(`${dst} ${name}`)) continue;
    seen.add(`${dst} ${name}`);
    out.push({
      id: CONNECTED_BASE + addr.id,
      dynamic: true,
      pos: 0,
      values: {
        'dst-address': dst, gateway: name, distance: '0', scope: '10', 'target-scope': '5',
        'routing-table': 'main', connect: 'true', 'local-address': `${ip}%${name}`,
        // Kept for the status computation, never shown: the interface the route is on.
        '.interface': formatId(actual.id),
      },
    });
  }
  return out;
}

function contains(prefix: string, ip: string): boolean {
  const [net, len] = prefix.split('/');
  const mask = maskOf(Number(len));
  return ((ipToInt(net) & mask) >>> 0) === ((ipToInt(ip) & mask) >>> 0);
}

/**
 * Works out every route's state. A gateway address resolves through the connected route
 * that covers it (the most specific); resolving through other static routes (recursive
 * next hops within target-scope) is not emulated.
 */
function computeStates(env: Environment, rows: readonly Row[]): Map<Row, RouteState> {
  const interfaces = env.store.table(INTERFACE_TABLE);
  const up = (stored: string | undefined) => {
    const iface = target(env, INTERFACE_TABLE, stored);
    return iface !== undefined && isRunning(env, iface);
  };
  const connected = rows.filter((r) => isConnected(r) && up(r.values['.interface']));
  const resolve = (hop: string): string | undefined => {
    const pct = hop.indexOf('%');
    if (pct >= 0) {
      const iface = interfaces.byKey.get(hop.slice(pct + 1));
      return iface && isRunning(env, iface) ? hop : undefined;
    }
    if (DOTTED.test(hop)) {
      let best: Row | undefined;
      for (const c of connected) {
        if (!contains(c.values['dst-address'], hop)) continue;
        if (!best || Number(c.values['dst-address'].split('/')[1]) > Number(best.values['dst-address'].split('/')[1])) best = c;
      }
      return best ? `${hop}%${best.values.gateway}` : undefined;
    }
    const iface = interfaces.byKey.get(hop);
    return iface && isRunning(env, iface) ? hop : undefined;
  };

  const states = new Map<Row, RouteState>();
  for (const row of rows) {
    if (isConnected(row)) {
      const usable = up(row.values['.interface']);
      states.set(row, { usable, active: false, immediateGw: row.values.gateway });
      continue;
    }
    if (row.values.disabled === 'true') { states.set(row, { usable: false, active: false }); continue; }
    const hops = (row.values.gateway ?? '').split(',').filter((h) => h !== '').map(resolve).filter((h): h is string => h !== undefined);
    const usable = row.values.blackhole === 'true' || hops.length > 0;
    states.set(row, { usable, active: false, immediateGw: hops.length ? hops.join(',') : undefined });
  }
  // For each destination of each table, the usable route of least distance is active;
  // connected routes (distance 0) win, and among equals the first one found.
  const best = new Map<string, Row>();
  for (const row of rows) {
    if (!states.get(row)!.usable) continue;
    const key = `${row.values['routing-table'] ?? 'main'} ${row.values['dst-address'] || '0.0.0.0/0'}`;
    const current = best.get(key);
    if (!current || Number(row.values.distance ?? '1') < Number(current.values.distance ?? '1')) best.set(key, row);
  }
  for (const row of best.values()) states.get(row)!.active = true;
  return states;
}

/** Rows (static and connected) in print order, with their states. */
function routingTable(env: Environment): { rows: Row[]; states: Map<Row, RouteState> } {
  // Static rows are copied so the states of one print belong to that print alone.
  const rows = [
    ...connectedRoutes(env),
    ...env.store.table('ip/route').rows.map((r): Row => ({ id: r.id, values: r.values, dynamic: r.dynamic, pos: r.pos })),
  ];
  const dst = (r: Row) => r.values['dst-address'] || '0.0.0.0/0';
  // The real print lists routes by destination (best guess from console and REST captures).
  rows.sort((a, b) => dstType.compare(dst(a), dst(b))
    || Number(a.values.distance ?? '1') - Number(b.values.distance ?? '1')
    || a.id - b.id);
  const states = computeStates(env, rows);
  for (const [row, state] of states) printed.set(row, state);
  return { rows, states };
}

/** States of the rows of a running print; other lookups (get, find) compute afresh. */
const printed = new WeakMap<Row, RouteState>();

function stateOf(env: Environment, row: Row): RouteState {
  const known = printed.get(row);
  if (known) return known;
  const { rows, states } = routingTable(env);
  const same = rows.find((r) => r.id === row.id && isConnected(r) === isConnected(row));
  return (same && states.get(same)) ?? { usable: false, active: false };
}

// ---------------------------------------------------------------- fields

/** A status flag the router prints only when it is true (`active`, `connect`, `static`). */
const onlyTrue = (test: (row: Row, env: Environment) => boolean): FieldDecl =>
  ({ type: bool, readOnly: true, derive: (row, env) => (test(row, env) ? 'true' : undefined) });

export const route: MenuDecl = {
  path: 'ip/route',
  kind: 'table',
  fields: {
    // Real exports write unset values empty (`gateway=""` on a blackhole route, `pref-src=""`).
    'dst-address': { type: orEmpty(dstType), default: '0.0.0.0/0' },
    gateway: { type: orEmpty(gatewayType) },
    distance: { type: int({ min: 1, max: 255 }), default: '1' },
    scope: { type: int({ min: 0, max: 255 }), default: '30' },
    'target-scope': { type: int({ min: 0, max: 255 }), default: '10' },
    // `main`, a /routing/table entry or, since each VRF has its table, a VRF: by id, so a
    // renamed table or VRF shows through (docs/routeros-facts.md 23.2).
    'routing-table': ref('routing/table', { default: 'main', words: ['main'], orNames: ['ip/vrf'] }),
    'pref-src': { type: orEmpty(ipv4) },
    'check-gateway': { type: choice(['arp', 'bfd', 'bfd-multihop', 'none', 'ping']) },
    blackhole: { type: bool, flag: true, derive: (row) => (row.values.blackhole === 'true' ? 'true' : undefined) },
    'vrf-interface': interfaceRef(),
    // Shown on static routes (best guess: routeros-facts.md 2.3); a connected route has none.
    disabled: { type: bool, default: 'false', derive: (row) => (isConnected(row) ? undefined : row.values.disabled ?? 'false') },
    // Status.
    active: onlyTrue((row, env) => stateOf(env, row).active),
    inactive: { type: bool, readOnly: true, derive: (row, env) => String(!stateOf(env, row).usable) },
    dynamic: { type: bool, readOnly: true, derive: (row) => String(row.dynamic) },
    static: onlyTrue((row) => !row.dynamic),
    connect: onlyTrue((row) => isConnected(row)),
    // The default route a DHCP client adds (a lab's src/lab/dhcp.ts marks it).
    dhcp: onlyTrue((row) => row.dynamic && row.values.dhcp === 'true'),
    'immediate-gw': { type: str(), readOnly: true, derive: (row, env) => stateOf(env, row).immediateGw },
    'local-address': { type: str(), readOnly: true },
  },
  // Static routes are numbered from *80000001 on the router (routeros-facts.md 2.3).
  firstId: 0x80000001,
  // Static and connected routes together, in the router's order.
  rows: (env) => routingTable(env).rows,
};

/** /routing/table: tables routes name; `fib` (a flag: exports write `add fib name=...`) puts one in the forwarding base. */
export const routingTableMenu: MenuDecl = {
  path: 'routing/table',
  kind: 'table',
  key: 'name',
  fields: { fib: { type: TREE, flag: true } },
};
