// What OSPF sees of one router's configuration: its instances (with their router ids), areas
// and OSPF interfaces (the interface templates matched against the router's interfaces and
// addresses), read once per run. ./ospf.ts joins the routers' models into adjacencies, the
// link-state database and routes.

import type { Environment } from '../../core/schema.js';
import { parseId, type Row } from '../../core/store.js';
import { durationToMs } from '../../core/values.js';
import { INTERFACE_TABLE, actualMtuOf, isRunning, macOf, NO_MAC } from '../../menus/interface/interface.js';
import { linkLocalOf } from '../../menus/ip/ipv6-address.js';
import { covers, networkText, prefixOf } from '../../menus/ip/rib.js';
import { actualInterface } from '../fabric.js';
import { inInterfaceList } from '../firewall.js';
import { workingAddresses } from '../forward.js';
import { routingTableName } from '../../menus/references.js';

export type NetType = 'broadcast' | 'nbma' | 'ptp' | 'ptp-unnumbered' | 'ptmp' | 'ptmp-broadcast';

export interface Instance {
  node: number;
  name: string;
  version: 2 | 3;
  rid: string;
  redistribute: Set<string>;
  originateDefault: string;
  /** The routing table its routes go to: `routing-table`, else its `vrf`'s (a VRF's table bears its name), else main. */
  table: string;
  /** Its `vrf` by name (main when none): it works only on that VRF's interfaces. */
  vrf: string;
  /** `in-filter-chain`: the routing filter chain routes OSPF installs go through. */
  inFilter?: string;
  /** `out-filter-chain`: the chain the external routes it originates go through. */
  outFilter?: string;
  areas: Area[];
}

export interface Area {
  inst: Instance;
  name: string;
  id: string;
  type: 'default' | 'stub' | 'nssa';
  noSummaries: boolean;
  defaultCost?: number;
  translator: string;
  ifaces: OspfInterface[];
  /** `/routing/ospf/static-neighbor` addresses of the area: NBMA and PTMP neighbours are configured. */
  staticNeighbors: Set<string>;
  /** `/routing/ospf/area/range`: the area's routes an ABR summarises (or hides) towards its other areas. */
  ranges: AreaRange[];
}

export interface AreaRange {
  prefix: NonNullable<ReturnType<typeof prefixOf>>;
  text: string;
  advertise: boolean;
  cost?: number;
}

/** An interface OSPF runs on (v2: one per matched address; v3: one per interface). */
export interface OspfInterface {
  area: Area;
  node: number;
  iface: Row;
  name: string;
  /** The address hellos come from (v3: the link-local one). */
  ip: string;
  /** v2: the network with its length (`10.0.12.0/24`), the mask hellos carry. */
  network: string;
  /** The prefixes the interface puts into the router's LSAs (v2: its network; v3: its global prefixes). */
  prefixes: string[];
  type: NetType;
  cost: number;
  priority: number;
  hello: number;
  dead: number;
  auth: string;
  authKey: string;
  authId: string;
  passive: boolean;
  mtu: number;
  /** Filled in by the adjacency step. */
  dr?: OspfInterface;
  bdr?: OspfInterface;
  neighbors: Neighbor[];
}

export interface Neighbor {
  me: OspfInterface;
  them: OspfInterface;
  state: 'Full' | 'TwoWay' | 'ExStart' | 'Init';
}

/** `*1A` or a name -> the row of `table`. */
function ref(env: Environment, table: string, stored: string | undefined): Row | undefined {
  if (!stored) return undefined;
  const id = stored.startsWith('*') ? parseId(stored) : undefined;
  return id !== undefined ? env.store.table(table).get(id) : env.store.table(table).byKey.get(stored);
}

const ms = (v: string | undefined, dflt: number) => {
  if (!v) return dflt;
  try { return durationToMs(v); } catch { return dflt; }
};

/** A working address: enabled, on a running interface (a bridge port's on its bridge). */
interface Addr { ip: string; len: number; network: string; iface: Row }

function addresses(env: Environment, table: 'ip/address' | 'ipv6/address'): Addr[] {
  return workingAddresses(env, table).flatMap(({ ip, prefix, iface, address }) => {
    const network = networkText(address);
    return network ? [{ ip, len: prefix, network, iface }] : [];
  });
}

/**
 * The router id of an instance: an address given, a /routing/id entry by name, or `main`:
 * the highest IPv4 address of the router (RouterOS manual, "Routing protocol overview":
 * the default ID "picks instance-id from any interface's highest IP"; routeros-facts.md 26.2).
 */
function routerId(env: Environment, value: string | undefined, v4: Addr[]): string | undefined {
  const given = value ?? 'main';
  if (prefixOf(given)?.bits === 32 && !given.includes('/')) return given;
  const entry = env.store.table('routing/id').byKey.get(given);
  if (entry?.values.id) return entry.values.id;
  let best: Addr | undefined;
  for (const a of v4) if (!best || Number(prefixOf(a.ip)!.net) > Number(prefixOf(best.ip)!.net)) best = a;
  if (best) return best.ip;
  // No address at all: the router's addresses on any interface, running or not.
  let any: string | undefined;
  for (const a of env.store.table('ip/address').rows) {
    const ip = a.values.address?.split('/')[0];
    if (ip && (!any || Number(prefixOf(ip)!.net) > Number(prefixOf(any)!.net))) any = ip;
  }
  return any;
}

/** Whether a template's `interfaces` names the interface (by name or interface list). */
function templateNames(env: Environment, list: string | undefined, iface: Row, asPort?: Row): boolean {
  if (!list) return false;
  return list.split(',').some((item) => {
    if (!item) return false;
    const row = ref(env, INTERFACE_TABLE, item);
    if (row) return row.id === iface.id || row.id === asPort?.id;
    return inInterfaceList(env, item, iface);
  });
}

/**
 * The VRF an interface belongs to: the first VRF (in order) whose `interfaces` name it, else
 * main (the built-in one, `interfaces=all`: manual "Virtual Routing and Forwarding").
 */
function vrfOf(env: Environment, iface: Row): string {
  for (const v of env.store.table('ip/vrf').rows) {
    if (v.values.disabled === 'true' || !v.values.name || v.values.name === 'main') continue;
    if (templateNames(env, v.values.interfaces, iface)) return v.values.name;
  }
  return 'main';
}

/** The OSPF model of one router. */
export function readRouter(node: number, env: Environment): Instance[] {
  const instances: Instance[] = [];
  const v4 = addresses(env, 'ip/address');
  const v6 = addresses(env, 'ipv6/address').filter((a) => !/^fe80:/i.test(a.ip));
  const byRow = new Map<number, Instance>();
  for (const row of env.store.table('routing/ospf/instance').rows) {
    if (row.values.disabled === 'true') continue;
    const rid = routerId(env, row.values['router-id'], v4);
    if (!rid) continue;
    const inst: Instance = {
      node, name: row.values.name ?? '', version: row.values.version === '3' ? 3 : 2, rid,
      redistribute: new Set((row.values.redistribute ?? '').split(',').filter(Boolean)),
      originateDefault: row.values['originate-default'] ?? 'never', areas: [],
      table: row.values['routing-table'] ? routingTableName(env, row.values['routing-table']) : routingTableName(env, row.values.vrf, 'vrf'),
      vrf: routingTableName(env, row.values.vrf, 'vrf'),
      inFilter: row.values['in-filter-chain'] || undefined, outFilter: row.values['out-filter-chain'] || undefined,
    };
    byRow.set(row.id, inst);
    instances.push(inst);
  }
  const areaByRow = new Map<number, Area>();
  for (const row of env.store.table('routing/ospf/area').rows) {
    if (row.values.disabled === 'true') continue;
    const inst = ref(env, 'routing/ospf/instance', row.values.instance);
    const owner = inst && byRow.get(inst.id);
    if (!owner) continue;
    const area: Area = {
      inst: owner, name: row.values.name ?? '', id: row.values['area-id'] ?? '0.0.0.0',
      type: (row.values.type as Area['type']) ?? 'default', noSummaries: row.values['no-summaries'] !== undefined && !/^(false|no)$/i.test(row.values['no-summaries']),
      defaultCost: row.values['default-cost'] ? Number(row.values['default-cost']) : undefined,
      translator: row.values['nssa-translator'] ?? 'candidate', ifaces: [], staticNeighbors: new Set(), ranges: [],
    };
    areaByRow.set(row.id, area);
    owner.areas.push(area);
  }
  for (const row of env.store.table('routing/ospf/area/range').rows) {
    const prefix = prefixOf(row.values.prefix ?? '');
    const areaRow = row.values.disabled === 'true' ? undefined : ref(env, 'routing/ospf/area', row.values.area);
    const area = areaRow && areaByRow.get(areaRow.id);
    if (!area || !prefix) continue;
    area.ranges.push({
      prefix, text: networkText(row.values.prefix!) ?? row.values.prefix!, advertise: !/^(false|no)$/i.test(row.values.advertise ?? 'yes'),
      cost: row.values.cost && /^\d+$/.test(row.values.cost) ? Number(row.values.cost) : undefined,
    });
  }
  for (const row of env.store.table('routing/ospf/static-neighbor').rows) {
    if (row.values.disabled === 'true' || !row.values.address) continue;
    const areaRow = ref(env, 'routing/ospf/area', row.values.area);
    const area = areaRow && areaByRow.get(areaRow.id);
    if (area) area.staticNeighbors.add(row.values.address.split('%')[0]);
  }
  // Each interface (v3) or address (v2) takes the first template that matches it.
  const taken = new Set<string>();
  const interfaces = env.store.table(INTERFACE_TABLE);
  for (const t of env.store.table('routing/ospf/interface-template').rows) {
    if (t.values.disabled === 'true') continue;
    const areaRow = ref(env, 'routing/ospf/area', t.values.area);
    const area = areaRow && areaByRow.get(areaRow.id);
    if (!area) continue;
    const v3 = area.inst.version === 3;
    // An instance works only on the interfaces of its VRF (routeros-facts.md 26.9).
    const inVrf = (iface: Row) => vrfOf(env, iface) === area.inst.vrf;
    const networks = (t.values.networks ?? '').split(',').map((n) => prefixOf(n)).filter((p): p is NonNullable<typeof p> => p !== null);
    const settings = {
      type: (t.values.type ?? 'broadcast') as NetType,
      cost: Number(t.values.cost ?? 1), priority: Number(t.values.priority ?? 128),
      hello: ms(t.values['hello-interval'], 10_000), dead: ms(t.values['dead-interval'], 40_000),
      auth: t.values.auth ?? '', authKey: t.values['auth-key'] ?? '', authId: t.values['auth-id'] ?? '',
      passive: t.values.passive !== undefined && t.values.passive !== 'no' && t.values.passive !== 'false',
    };
    const addrs = v3 ? v6 : v4;
    const make = (iface: Row, ip: string, network: string, prefixes: string[]): OspfInterface => ({
      area, node, iface, name: iface.values.name, ip, network, prefixes, ...settings,
      mtu: actualMtuOf(env, iface), neighbors: [],
    });
    if (!v3) {
      for (const a of addrs) {
        const key = `2 ${a.iface.id} ${a.ip}`;
        if (taken.has(key) || !inVrf(a.iface)) continue;
        const net = prefixOf(a.network)!;
        const byNetwork = networks.some((p) => p.len <= net.len && covers(p, net));
        if (!byNetwork && !templateNames(env, t.values.interfaces, a.iface)) continue;
        taken.add(key);
        area.ifaces.push(make(a.iface, a.ip, a.network, [a.network]));
      }
    } else {
      for (const iface of interfaces.rows) {
        if (!isRunning(env, iface) || actualInterface(env, iface).id !== iface.id) continue;
        const key = `3 ${iface.id}`;
        if (taken.has(key) || !inVrf(iface)) continue;
        const own = addrs.filter((a) => a.iface.id === iface.id);
        const byNetwork = own.some((a) => { const net = prefixOf(a.network)!; return networks.some((p) => p.len <= net.len && covers(p, net)); });
        if (!byNetwork && !templateNames(env, t.values.interfaces, iface)) continue;
        // An interface without a MAC address (the loopback) has no link-local address to say hello from.
        const mac = macOf(env, iface);
        taken.add(key);
        area.ifaces.push(make(iface, mac === NO_MAC ? '::' : linkLocalOf(mac).split('/')[0], '', own.map((a) => a.network)));
      }
    }
  }
  return instances;
}

