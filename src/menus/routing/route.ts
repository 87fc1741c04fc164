// /routing/route: every route of both address families in one read-only table, with the
// attributes the protocols gave them (`ospf.metric`, `ospf.type`, `bgp.as-path`,
// `bgp.local-pref` ...), which /ip/route and /ipv6/route do not show. RouterOS manual, CLI
// reference "/routing/route" (routeros-facts.md 26.1): `afi`, `contribution`, `belongs-to`,
// the flags of each route's source.

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, str } from '../../core/values.js';
import { TREE } from '../../tree/declare.js';
import { IPV4, IPV6, isConnected, type Family, type RouteState } from '../ip/rib.js';
import { PROTOCOL_FLAGS, onlyTrue, table } from '../ip/route.js';

/** IPv6 routes get ids of their own here: both tables number their records alike. */
const IPV6_OFFSET = 0x08000000;

/** The states of the rows of one listing (rows are copies made for it). */
const states = new WeakMap<Row, { state: RouteState; family: Family }>();

function allRoutes(env: Environment): Row[] {
  const out: Row[] = [];
  for (const family of [IPV4, IPV6]) {
    const t = table(env, family);
    for (const row of t.rows) {
      const copy: Row = { ...row, id: family === IPV6 ? row.id + IPV6_OFFSET : row.id };
      states.set(copy, { state: t.states.get(row)!, family });
      out.push(copy);
    }
  }
  return out;
}

const stateOf = (row: Row) => states.get(row)?.state;

/** Where a route came from, as the router words it (`OSPF route`, `Static route`, `DHCP route`, `connected`). */
function belongsTo(row: Row): string {
  // A protocol stage may name it itself (BGP: `bgp-IP-<peer>`, routeros-facts.md 26.6).
  const given = row.values['.belongs-to'] ?? row.values['belongs-to'];
  if (given) return given;
  // `belongs-to="connected"` (a real 7.x print detail of connected routes, routeros-facts.md 59.4).
  if (isConnected(row)) return 'connected';
  if (!row.dynamic) return 'Static route';
  if (row.values.ospf === 'true') return 'OSPF route';
  if (row.values.dhcp === 'true') return 'DHCP route';
  if (row.values.bgp === 'true') return `BGP IP routes from ${(row.values.gateway ?? '').split(/[%,]/)[0]}`;
  return 'Dynamic route';
}

const shown: FieldDecl = { type: str(), readOnly: true };
/** A value the route's own table defaults when the record leaves it out. */
const withDefault = (field: string, dflt: (row: Row) => string): FieldDecl =>
  ({ type: str(), readOnly: true, derive: (row) => row.values[field] || dflt(row) });

const ATTRIBUTES = [
  'ospf.metric', 'ospf.tag', 'ospf.type', 'rip.metric', 'rip.tag',
  'bgp.session', 'bgp.aggregator', 'bgp.as-path', 'bgp.cluster-list', 'bgp.communities', 'bgp.ext-communities',
  'bgp.large-communities', 'bgp.unknown', 'bgp.originator-id', 'bgp.nexthop', 'bgp.out-nexthop', 'bgp.weight',
  'bgp.local-pref', 'bgp.igp-metric', 'bgp.med', 'bgp.atomic-aggregate', 'bgp.origin', 'bgp.otc',
] as const;

const fields: Record<string, FieldDecl> = {
  // Printed `ip4` / `ip6` (real 7.x print details: `afi=ip4`, `afi=ip6`, `afi=vpn4`), though the
  // reference's enum for `where` and filters words them `ip` / `ipv6` (routeros-facts.md 59.4).
  afi: { type: TREE, readOnly: true, derive: (row) => (states.get(row)?.family === IPV6 ? 'ip6' : 'ip4') },
  // Where the route stands in the election (unconfirmed: every usable route that lost is a
  // best-candidate, a path its protocol did not choose, BGP's `.lost`, a candidate: 26.8).
  contribution: {
    type: TREE, readOnly: true,
    derive: (row) => {
      const s = stateOf(row);
      // A path an input filter rejected: `Fb afi=ip4 contribution=filtered` (the manual's print detail).
      if (row.values['.filtered'] === 'true') return 'filtered';
      return !s?.usable ? 'unreachable' : s.active ? 'active' : row.values['.lost'] === 'true' ? 'candidate' : 'best-candidate';
    },
  },
  'dst-address': withDefault('dst-address', (row) => (states.get(row)?.family === IPV6 ? '::/0' : '0.0.0.0/0')),
  'routing-table': withDefault('routing-table', () => 'main'), 'pref-src': shown, gateway: shown,
  'immediate-gw': { type: TREE, readOnly: true, derive: (row) => stateOf(row)?.immediateGw },
  // A static route's values left at their defaults (/ip/route: distance 1, scope 30, target-scope 10).
  distance: withDefault('distance', () => '1'), scope: withDefault('scope', () => '30'), 'target-scope': withDefault('target-scope', () => '10'),
  'belongs-to': { type: TREE, readOnly: true, derive: belongsTo },
  'local-address': shown,
  active: onlyTrue((row) => stateOf(row)?.active === true),
  filtered: onlyTrue((row) => row.values['.filtered'] === 'true'),
  unreachable: onlyTrue((row) => stateOf(row)?.usable === false && row.values['.filtered'] !== 'true'),
  ecmp: onlyTrue((row) => stateOf(row)?.ecmp === true),
  static: onlyTrue((row) => !row.dynamic),
  connect: onlyTrue(isConnected),
  dhcp: onlyTrue((row) => row.dynamic && row.values.dhcp === 'true'),
  blackhole: onlyTrue((row) => row.values.blackhole === 'true'),
  disabled: onlyTrue((row) => row.values.disabled === 'true'),
  comment: { type: TREE },
};
// The flags of each route's source (`isis` here, `is-is` in /ip/route).
for (const p of PROTOCOL_FLAGS) fields[p === 'is-is' ? 'isis' : p] = onlyTrue((row) => row.dynamic && row.values[p] === 'true');
for (const a of ATTRIBUTES) fields[a] = shown;
// `.atomic-aggregate=no` / `yes` in print detail (routeros-facts.md 59.4): a boolean.
fields['bgp.atomic-aggregate'] = { type: bool, readOnly: true };

export const routingRoute: MenuDecl = {
  path: 'routing/route',
  kind: 'table',
  fields,
  rows: (env) => allRoutes(env),
};
