// /ip/route and /ipv6/route: the routing tables. Users add static routes; the router adds a
// connected route for every working address by itself; protocols (OSPF, BGP, DHCP) publish
// theirs as dynamic records. All show in print, each with the status the router computes
// (./rib.ts): which route is active for its destination, and through which interface its
// gateway is reached (`immediate-gw`), recursively where target-scope allows.
//
// Connected routes are not stored: they are computed from /ip/address and /interface on
// every print, so they can never disagree with them (and vanish with their address, as on
// the router). The menu's `rows` gives print, get, find and record URLs both kinds.

import { ValueError } from '../../core/errors.js';
import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, int, ipv4, ipv4Prefix, ipv6Prefix, orEmpty, str } from '../../core/values.js';
import { interfaceRef, ref } from '../common.js';
import { choice } from '../interface/interface.js';
import { IPV4, IPV6, isConnected, routingTable, type Family, type RouteState } from './rib.js';
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

/** Rows (static, dynamic and connected) in print order, with their states (./rib.ts). */
export function table(env: Environment, family: Family): { rows: Row[]; states: Map<Row, RouteState> } {
  const out = routingTable(env, family, family === IPV4 ? dstType.compare : ipv6Prefix.compare);
  for (const [row, state] of out.states) printed.set(row, state);
  return out;
}

/** States of the rows of a running print; other lookups (get, find) compute afresh. */
const printed = new WeakMap<Row, RouteState>();

const NONE: RouteState = { usable: false, active: false, ecmp: false, interfaces: [] };

export function stateOf(env: Environment, row: Row, family: Family): RouteState {
  const known = printed.get(row);
  if (known) return known;
  const { rows, states } = table(env, family);
  const same = rows.find((r) => r.id === row.id && isConnected(r) === isConnected(row));
  return (same && states.get(same)) ?? NONE;
}

// ---------------------------------------------------------------- fields

/** A status flag the router prints only when it is true (`active`, `connect`, `static`). */
export const onlyTrue = (test: (row: Row, env: Environment) => boolean): FieldDecl =>
  ({ type: bool, readOnly: true, derive: (row, env) => (test(row, env) ? 'true' : undefined) });

/**
 * The protocols whose routes the table holds, each with its flag, shown only on its own
 * routes (a real 7.x REST print of /ip/route: `"ospf": "true"`, `"bgp": "true"`). The
 * attributes a protocol publishes with a route (`ospf.metric`, `bgp.as-path` ...) are kept
 * in the record but shown by /routing/route only, as on the router (../routing/route.ts;
 * routeros-facts.md 26.1).
 */
export const PROTOCOL_FLAGS = ['bgp', 'ospf', 'rip', 'vpn', 'modem', 'is-is', 'bgp-mpls-vpn'] as const;

const isProtocol = (row: Row) => PROTOCOL_FLAGS.some((p) => row.values[p] === 'true');

/** The status fields both families' tables show, computed for the family's routes. */
function statusFields(family: Family): Record<string, FieldDecl> {
  const fields: Record<string, FieldDecl> = {
    // Shown on static routes (best guess: routeros-facts.md 2.3); connected and protocol routes have none.
    disabled: { type: bool, default: 'false', derive: (row) => (isConnected(row) || isProtocol(row) ? undefined : row.values.disabled ?? 'false') },
    active: onlyTrue((row, env) => stateOf(env, row, family).active),
    inactive: { type: bool, readOnly: true, derive: (row, env) => String(!stateOf(env, row, family).usable) },
    dynamic: { type: bool, readOnly: true, derive: (row) => String(row.dynamic) },
    static: onlyTrue((row) => !row.dynamic),
    connect: onlyTrue((row) => isConnected(row)),
    // The default route a DHCP client adds (a lab's src/lab/dhcp.ts marks it).
    dhcp: onlyTrue((row) => row.dynamic && row.values.dhcp === 'true'),
    // Several active routes of one distance to one destination (routeros-facts.md 26.1).
    ecmp: onlyTrue((row, env) => stateOf(env, row, family).ecmp),
    'immediate-gw': { type: str(), readOnly: true, derive: (row, env) => stateOf(env, row, family).immediateGw },
    // IPv4 only: the 7.22 value names of /ipv6/route have no local-address.
    ...(family === IPV4 ? { 'local-address': { type: str(), readOnly: true } } : {}),
  };
  for (const p of PROTOCOL_FLAGS) fields[p] = onlyTrue((row) => row.dynamic && row.values[p] === 'true');
  return fields;
}

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
    ...statusFields(IPV4),
  },
  // Static routes are numbered from *80000001 on the router (routeros-facts.md 2.3).
  firstId: 0x80000001,
  // Static, dynamic and connected routes together, in the router's order; paths a routing
  // filter rejected show only in /routing/route ("shows ... all filtered routes": manual).
  rows: (env) => table(env, IPV4).rows.filter((r) => r.values['.filtered'] !== 'true'),
};

/**
 * /ipv6/route: the same table for IPv6 (the routes OSPFv3 publishes, connected networks of
 * /ipv6/address). The settable fields are the tree's.
 */
export const ipv6Route: MenuDecl = {
  path: 'ipv6/route',
  kind: 'table',
  fields: {
    'dst-address': { type: TREE, default: '::/0' },
    gateway: { type: TREE },
    distance: { type: TREE, default: '1' },
    scope: { type: TREE, default: '30' },
    'target-scope': { type: TREE, default: '10' },
    'routing-table': { type: TREE, default: 'main' },
    blackhole: { type: bool, flag: true, derive: (row) => (row.values.blackhole === 'true' ? 'true' : undefined) },
    ...statusFields(IPV6),
  },
  rows: (env) => table(env, IPV6).rows,
};

/**
 * The active routes of a family's table (main; every table for `all`) with how each leaves the
 * router, in print order (the lab's model of a router: src/lab/model-routing.ts).
 */
export function activeRoutes(env: Environment, family: Family = IPV4, table: 'main' | 'all' = 'main'): { row: Row; state: RouteState }[] {
  const { rows, states } = routingTable(env, family, family === IPV4 ? dstType.compare : ipv6Prefix.compare);
  const out: { row: Row; state: RouteState }[] = [];
  for (const row of rows) {
    const state = states.get(row)!;
    if (state.active && (table === 'all' || (row.values['routing-table'] ?? 'main') === 'main')) out.push({ row, state });
  }
  return out;
}

/** /routing/table: tables routes name; `fib` (a flag: exports write `add fib name=...`) puts one in the forwarding base. */
export const routingTableMenu: MenuDecl = {
  path: 'routing/table',
  kind: 'table',
  key: 'name',
  fields: { fib: { type: TREE, flag: true } },
};
