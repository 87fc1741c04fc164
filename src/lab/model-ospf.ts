// What OSPF is configured to do on one router, for its model (./model.ts): its instances
// (with their router ids), areas, ranges, static neighbours, and the OSPF interfaces its
// interface templates make of the router's interfaces and addresses. ./routing/ospf.ts joins
// the routers' configurations into adjacencies, the link-state database and routes.

import type { Environment } from '../core/schema.js';
import type { Row } from '../core/store.js';
import { covers, networkText, prefixOf } from '../core/prefix.js';
import { durationToMs } from '../core/values.js';
import { routingTableName } from '../menus/references.js';
import { rowOf } from './model-interfaces.js';
import { routerIds } from './model-routing.js';
import type {
  Address, AddressesModel, Interface, InterfacesModel, OspfAreaConfig, OspfInstanceConfig, OspfInterfaceConfig, OspfModel,
  OspfNetworkType,
} from './model.js';

const ms = (v: string | undefined, dflt: number) => {
  if (!v) return dflt;
  try { return durationToMs(v); } catch { return dflt; }
};

/** A working address with its network (`10.0.12.0/24`). */
type Addr = Address & { network: string };

/**
 * The router id of an instance: an address given, a /routing/id entry by name, or `main`:
 * the highest IPv4 address of the router (RouterOS manual, "Routing protocol overview":
 * the default ID "picks instance-id from any interface's highest IP"; routeros-facts.md 26.2).
 */
function routerId(value: string | undefined, ids: ReadonlyMap<string, string>, v4: readonly Addr[], all: readonly Address[]): string | undefined {
  const given = value ?? 'main';
  if (prefixOf(given)?.bits === 32 && !given.includes('/')) return given;
  const entry = ids.get(given);
  if (entry) return entry;
  let best: Addr | undefined;
  for (const a of v4) if (!best || Number(prefixOf(a.ip)!.net) > Number(prefixOf(best.ip)!.net)) best = a;
  if (best) return best.ip;
  // No address at all: the router's addresses on any interface, running or not.
  let any: string | undefined;
  for (const a of all) if (!any || Number(prefixOf(a.ip)!.net) > Number(prefixOf(any)!.net)) any = a.ip;
  return any;
}

/** Whether a template's `interfaces` names the interface (by name or interface list). */
function templateNames(interfaces: InterfacesModel, list: string | undefined, iface: Interface): boolean {
  if (!list) return false;
  return list.split(',').some((item) => {
    if (!item) return false;
    const named = interfaces.resolve(item);
    if (named) return named.id === iface.id;
    return interfaces.inList(item, iface);
  });
}

interface Building extends OspfInstanceConfig { areas: (OspfAreaConfig & { interfaces: OspfInterfaceConfig[]; staticNeighbors: Set<string>; ranges: OspfAreaConfig['ranges'][number][] })[] }

export function readOspf(env: Environment, interfaces: InterfacesModel, addresses: AddressesModel): OspfModel {
  const ids = routerIds(env);
  const withNetwork = (list: readonly Address[]) => list.filter((a): a is Addr => a.network !== undefined);
  const v4 = withNetwork(addresses.working[4]);
  const v6 = withNetwork(addresses.working[6]).filter((a) => !/^fe80:/i.test(a.ip));
  const instances: Building[] = [];
  const byRow = new Map<number, Building>();
  for (const row of env.store.table('routing/ospf/instance').rows) {
    if (row.values.disabled === 'true') continue;
    const rid = routerId(row.values['router-id'], ids, v4, addresses[4]);
    if (!rid) continue;
    const inst: Building = {
      name: row.values.name ?? '', version: row.values.version === '3' ? 3 : 2, routerId: rid,
      redistribute: new Set((row.values.redistribute ?? '').split(',').filter(Boolean)),
      originateDefault: row.values['originate-default'] ?? 'never', areas: [],
      table: row.values['routing-table'] ? routingTableName(env, row.values['routing-table']) : routingTableName(env, row.values.vrf, 'vrf'),
      vrf: routingTableName(env, row.values.vrf, 'vrf'),
      inFilter: row.values['in-filter-chain'] || undefined, outFilter: row.values['out-filter-chain'] || undefined,
    };
    byRow.set(row.id, inst);
    instances.push(inst);
  }
  type Area = Building['areas'][number];
  const areaByRow = new Map<number, { area: Area; inst: Building }>();
  const areaOf = (stored: string | undefined) => {
    const row = rowOf(env, 'routing/ospf/area', stored);
    return row && areaByRow.get(row.id);
  };
  for (const row of env.store.table('routing/ospf/area').rows) {
    if (row.values.disabled === 'true') continue;
    const instRow = rowOf(env, 'routing/ospf/instance', row.values.instance);
    const inst = instRow && byRow.get(instRow.id);
    if (!inst) continue;
    const area: Area = {
      name: row.values.name ?? '', id: row.values['area-id'] ?? '0.0.0.0',
      type: (row.values.type as Area['type']) ?? 'default', noSummaries: row.values['no-summaries'] !== undefined && !/^(false|no)$/i.test(row.values['no-summaries']),
      defaultCost: row.values['default-cost'] ? Number(row.values['default-cost']) : undefined,
      translator: row.values['nssa-translator'] ?? 'candidate', interfaces: [], staticNeighbors: new Set(), ranges: [],
    };
    areaByRow.set(row.id, { area, inst });
    inst.areas.push(area);
  }
  for (const row of env.store.table('routing/ospf/area/range').rows) {
    const prefix = prefixOf(row.values.prefix ?? '');
    const found = row.values.disabled === 'true' ? undefined : areaOf(row.values.area);
    if (!found || !prefix) continue;
    found.area.ranges.push({
      prefix: networkText(row.values.prefix!) ?? row.values.prefix!, advertise: !/^(false|no)$/i.test(row.values.advertise ?? 'yes'),
      cost: row.values.cost && /^\d+$/.test(row.values.cost) ? Number(row.values.cost) : undefined,
    });
  }
  for (const row of env.store.table('routing/ospf/static-neighbor').rows) {
    if (row.values.disabled === 'true' || !row.values.address) continue;
    areaOf(row.values.area)?.area.staticNeighbors.add(row.values.address.split('%')[0]);
  }
  // Each interface (v3) or address (v2) takes the first template that matches it.
  const taken = new Set<string>();
  for (const t of env.store.table('routing/ospf/interface-template').rows) {
    if (t.values.disabled === 'true') continue;
    const found = areaOf(t.values.area);
    if (!found) continue;
    const { area, inst } = found;
    template(t, inst, area, interfaces, inst.version === 3 ? v6 : v4, taken);
  }
  return { instances };
}

/** The OSPF interfaces one template adds to its area. */
function template(t: Row, inst: Building, area: Building['areas'][number], interfaces: InterfacesModel, addrs: readonly Addr[], taken: Set<string>) {
  // An instance works only on the interfaces of its VRF (routeros-facts.md 26.9).
  const inVrf = (iface: Interface) => iface.vrf === inst.vrf;
  const networks = (t.values.networks ?? '').split(',').map((n) => prefixOf(n)).filter((p): p is NonNullable<typeof p> => p !== null);
  const settings = {
    type: (t.values.type ?? 'broadcast') as OspfNetworkType,
    cost: Number(t.values.cost ?? 1), priority: Number(t.values.priority ?? 128),
    hello: ms(t.values['hello-interval'], 10_000), dead: ms(t.values['dead-interval'], 40_000),
    auth: t.values.auth ?? '', authKey: t.values['auth-key'] ?? '', authId: t.values['auth-id'] ?? '',
    passive: t.values.passive !== undefined && t.values.passive !== 'no' && t.values.passive !== 'false',
  };
  const make = (iface: Interface, ip: string, network: string, prefixes: string[]): OspfInterfaceConfig => ({
    interface: iface.id, name: iface.name, ip, network, prefixes, ...settings, mtu: iface.mtu,
  });
  const byNetwork = (a: Addr) => { const net = prefixOf(a.network)!; return networks.some((p) => p.len <= net.len && covers(p, net)); };
  if (inst.version === 2) {
    for (const a of addrs) {
      const iface = interfaces.byId.get(a.on!)!;
      const key = `2 ${iface.id} ${a.ip}`;
      if (taken.has(key) || !inVrf(iface)) continue;
      if (!byNetwork(a) && !templateNames(interfaces, t.values.interfaces, iface)) continue;
      taken.add(key);
      area.interfaces.push(make(iface, a.ip, a.network, [a.network]));
    }
    return;
  }
  for (const iface of interfaces.list) {
    if (!iface.running || iface.actual !== iface.id) continue;
    const key = `3 ${iface.id}`;
    if (taken.has(key) || !inVrf(iface)) continue;
    const own = addrs.filter((a) => a.on === iface.id);
    if (!own.some(byNetwork) && !templateNames(interfaces, t.values.interfaces, iface)) continue;
    taken.add(key);
    // An interface without a MAC address (the loopback) has no link-local address to say hello from.
    area.interfaces.push(make(iface, iface.linkLocal ?? '::', '', own.map((a) => a.network)));
  }
}
