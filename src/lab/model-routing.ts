// The routing part of a router's model (./model.ts): the routes as stored and the routing
// table the router works out from them (src/menus/ip/rib.ts: connected routes, gateways
// resolved within target-scope, the active route of each destination), routing tables and
// rules, router ids; the firewall's rules and address lists of both families; the routing
// filters with the lists their rules name.

import type { Environment } from '../core/schema.js';
import type { Row } from '../core/store.js';
import { IPV4, IPV6 } from '../menus/ip/rib.js';
import { activeRoutes } from '../menus/ip/route.js';
import { routingTableName } from '../menus/references.js';
import { chainsOf, runChain, type FilterLists } from '../menus/routing/filter-language.js';
import type {
  ActiveRoute, Family, FirewallModel, FirewallRule, InterfacesModel, RouteRecord, RoutingFilters, RoutingModel, RoutingRule, RoutingTable,
} from './model.js';

const FAMILY = { 4: IPV4, 6: IPV6 } as const;

/** The protocols whose flag a dynamic route carries, in the order a route answers to them. */
const PROTOCOLS = ['ospf', 'bgp', 'rip', 'dhcp', 'vpn', 'modem', 'bgp-mpls-vpn', 'is-is'];

function protocolOf(row: Row): string | undefined {
  if (row.values.connect === 'true') return 'connected';
  if (!row.dynamic) return 'static';
  return PROTOCOLS.find((p) => row.values[p] === 'true');
}

function record(env: Environment, family: Family, row: Row): RouteRecord {
  const v = row.values;
  const blackhole = v.blackhole === 'true';
  return {
    family, id: row.id, dynamic: row.dynamic, enabled: v.disabled !== 'true',
    dst: v['dst-address'] || FAMILY[family].anyDst,
    gateways: (v.gateway ?? '').split(',').filter(Boolean),
    distance: Number(v.distance ?? 1), scope: Number(v.scope ?? 30), targetScope: Number(v['target-scope'] ?? 10),
    table: routingTableName(env, v['routing-table']),
    type: (v.type as RouteRecord['type'] | undefined) ?? (blackhole ? 'blackhole' : 'unicast'), blackhole,
    protocol: protocolOf(row),
    // A stage's route names its protocol in its owner tag (`ospf 10.0.0.0/24`: ./routing/converge.ts).
    owner: row.dynamic ? /^([a-z]+) /.exec(v['.owner'] ?? '')?.[1] : undefined,
    attributes: v,
  };
}

/** `/routing id` entries: their `id` by name (an instance's `router-id` may name one). */
export function routerIds(env: Environment): Map<string, string> {
  const ids = new Map<string, string>();
  for (const r of env.store.table('routing/id').rows) if (r.values.name && r.values.id) ids.set(r.values.name, r.values.id);
  return ids;
}

const flag = (v: string | undefined) => v !== undefined && v !== 'false' && v !== 'no';

export function readRouting(env: Environment, interfaces: InterfacesModel): RoutingModel {
  const records = (family: Family) => env.store.table(FAMILY[family].routes).rows.map((r) => record(env, family, r));
  const active = (family: Family): ActiveRoute[] => activeRoutes(env, FAMILY[family], 'all').map(({ row, state }) => ({
    ...record(env, family, row), immediateGw: state.immediateGw, interfaces: state.interfaces.map((i) => i.id), ecmp: state.ecmp,
  }));
  const tables: RoutingTable[] = [{ name: 'main', fib: true, enabled: true }];
  // A VRF makes a table of its name (manual "Virtual Routing and Forwarding").
  for (const vrf of interfaces.vrfs) if (vrf.name && vrf.name !== 'main') tables.push({ name: vrf.name, fib: true, enabled: vrf.enabled });
  for (const r of env.store.table('routing/table').rows) {
    if (r.values.name) tables.push({ name: r.values.name, fib: flag(r.values.fib), enabled: r.values.disabled !== 'true' });
  }
  const rules: RoutingRule[] = env.store.table('routing/rule').rows.map((r) => ({
    enabled: r.values.disabled !== 'true', srcAddress: r.values['src-address'], dstAddress: r.values['dst-address'],
    routingMark: r.values['routing-mark'], interface: interfaces.resolve(r.values.interface)?.id,
    action: r.values.action ?? 'lookup', table: r.values.table ? routingTableName(env, r.values.table) : undefined,
    minPrefix: r.values['min-prefix'] !== undefined ? Number(r.values['min-prefix']) : undefined,
  }));
  const ids = routerIds(env);
  let built4: ActiveRoute[] | undefined, built6: ActiveRoute[] | undefined;
  let rec4: RouteRecord[] | undefined, rec6: RouteRecord[] | undefined;
  // The routing table is worked out when a reader first asks (a lab without forwarding or
  // redistribution never pays for it), once per change of what it depends on.
  return {
    records: { get 4() { return (rec4 ??= records(4)); }, get 6() { return (rec6 ??= records(6)); } },
    active: { get 4() { return (built4 ??= active(4)); }, get 6() { return (built6 ??= active(6)); } },
    tables, rules, ids,
  };
}

// ---------------------------------------------------------------- firewall

/** Fields of a rule that are no matchers. */
const NOT_MATCHERS = new Set([
  'chain', 'action', 'comment', 'disabled', 'log', 'log-prefix', 'bytes', 'packets', 'jump-target', 'to-addresses', 'to-address',
  'to-ports', 'reject-with', 'address-list', 'address-list-timeout', 'hw-offload', 'dynamic', 'invalid', 'place-before',
]);

const FIREWALL: Record<Family, string> = { 4: 'ip/firewall', 6: 'ipv6/firewall' };

export function readFirewall(env: Environment, family: Family): FirewallModel {
  const rules = (table: string): FirewallRule[] => env.store.table(table).rows.map((row) => {
    const v = row.values;
    return {
      id: row.id, table, enabled: v.disabled !== 'true', chain: v.chain ?? '', action: v.action ?? 'accept',
      jumpTarget: v['jump-target'], toAddresses: v['to-addresses'] ?? v['to-address'],
      matchers: Object.entries(v).filter(([name]) => !NOT_MATCHERS.has(name) && !name.startsWith('.')),
    };
  });
  const addressLists = new Map<string, string[]>();
  for (const r of env.store.table(`${FIREWALL[family]}/address-list`).rows) {
    if (r.values.disabled === 'true') continue;
    const list = addressLists.get(r.values.list) ?? [];
    list.push(r.values.address ?? '');
    addressLists.set(r.values.list, list);
  }
  return { filter: rules(`${FIREWALL[family]}/filter`), nat: rules(`${FIREWALL[family]}/nat`), addressLists };
}

// ---------------------------------------------------------------- routing filters

/**
 * A router's routing filters: its chains (/routing/filter/rule) and the lists a rule names
 * (/ip/firewall/address-list, /routing/filter/num-list, community-list), evaluated by the
 * filter language of src/menus/routing/filter-language.ts.
 */
export function readFilters(env: Environment, addressLists: ReadonlyMap<string, readonly string[]>): RoutingFilters {
  const chains = chainsOf(env.store.table('routing/filter/rule').rows);
  const enabled = (table: string) => env.store.table(table).rows.filter((r) => r.values.disabled !== 'true');
  const nums = new Map<string, [number, number][]>();
  for (const r of enabled('routing/filter/num-list')) {
    const [a, b] = (r.values.range ?? '').split('-').map(Number);
    const list = nums.get(r.values.list) ?? [];
    list.push([a, Number.isFinite(b) ? b : a]);
    nums.set(r.values.list, list);
  }
  const communities = new Map<string, string[]>();
  for (const r of enabled('routing/filter/community-list')) {
    const list = communities.get(r.values.list) ?? [];
    list.push(...(r.values.communities ?? '').split(',').filter(Boolean));
    communities.set(r.values.list, list);
  }
  const lists: FilterLists = {
    addressList: (name) => addressLists.get(name) ?? [],
    numList: (name) => nums.get(name) ?? [],
    communityList: (name) => communities.get(name) ?? [],
  };
  return { run: (chain, route) => (chain ? runChain(chains, chain, route, lists) : route) };
}

