// The interfaces and addresses of a router's model (./model.ts), read from its configuration
// as the router's own menus read it: running state, MTU and MAC address by the interface
// menus' rules (src/menus/interface/interface.ts), bridge membership, VLANs, VRFs, interface
// lists, VRRP with the lab's election, and the addresses of both families.

import type { Environment } from '../core/schema.js';
import { formatId, parseId, type Row } from '../core/store.js';
import { networkText } from '../core/prefix.js';
import {
  INTERFACE_TABLE, PORT_TABLE, NO_MAC, actualMtuOf, bridgeOfInterface, isRunning, macOf,
} from '../menus/interface/interface.js';
import { groupAuthorityOf, vrrpState } from '../menus/interface/vrrp.js';
import { linkLocalOf } from '../menus/ip/ipv6-address.js';
import { madeAddress } from '../menus/ip/ipv6-made.js';
import type {
  Address, AddressesModel, BridgePort, BridgeVlan, Family, Interface, InterfacesModel, VrrpInterface, Vrf,
} from './model.js';

/** `*1A` -> the row of that id; a name -> the row of that name (the table's key). */
export function rowOf(env: Environment, table: string, stored: string | undefined): Row | undefined {
  if (!stored) return undefined;
  const id = stored.startsWith('*') ? parseId(stored) : undefined;
  return id !== undefined ? env.store.table(table).get(id) : env.store.table(table).byKey.get(stored);
}

/** The name of the record a reference names (`*0` -> `default`), else the stored text. */
export function nameOf(env: Environment, table: string, stored: string | undefined): string | undefined {
  if (!stored) return undefined;
  return rowOf(env, table, stored)?.values.name ?? stored;
}

/** VLAN ids of `10,20-22`. */
function vlanIds(text: string | undefined): number[] {
  const out: number[] = [];
  for (const part of (text ?? '').split(',')) {
    const [a, b] = part.split('-').map(Number);
    if (!Number.isInteger(a)) continue;
    for (let v = a; v <= (Number.isInteger(b) ? b : a) && v <= 4094; v++) out.push(v);
  }
  return out;
}

export function readInterfaces(env: Environment): InterfacesModel {
  const table = env.store.table(INTERFACE_TABLE);
  const resolveRow = (stored: string | undefined) => rowOf(env, INTERFACE_TABLE, stored);
  const idsOf = (list: string | undefined) => (list ?? '').split(',').flatMap((item) => {
    const row = item ? resolveRow(item) : undefined;
    return row ? [row.id] : [];
  });

  // Interface lists: each list's enabled members by id, and its includes.
  const listTable = env.store.table('interface/list');
  const members = new Map<number, Set<number>>();
  for (const m of env.store.table('interface/list/member').rows) {
    if (m.values.disabled === 'true' || !m.values.list) continue;
    const list = rowOf(env, 'interface/list', m.values.list);
    const member = resolveRow(m.values.interface);
    if (!list || !member) continue;
    let set = members.get(list.id);
    if (!set) members.set(list.id, (set = new Set()));
    set.add(member.id);
  }
  const listName = (stored: string): string | undefined => {
    if (!stored.startsWith('*')) return stored;
    const id = parseId(stored);
    return id === undefined ? undefined : listTable.get(id)?.values.name;
  };
  const inList = (list: string, iface: Interface, depth = 0): boolean => {
    if (list === 'all' || list === 'static') return true;
    if (list === 'none' || list === 'dynamic' || depth > 8) return false;
    const row = listTable.byKey.get(list);
    if (!row) return false;
    const set = members.get(row.id);
    if (set && (set.has(iface.id) || (iface.bridge !== undefined && set.has(iface.bridge)))) return true;
    // A list may include other lists.
    for (const inc of (row.values.include ?? '').split(',')) {
      const name = inc ? listName(inc) : undefined;
      if (name && name !== list && inList(name, iface, depth + 1)) return true;
    }
    return false;
  };

  const list: Interface[] = [];
  const byId = new Map<number, Interface>();
  const byName = new Map<string, Interface>();
  const byDefaultName = new Map<string, Interface>();
  // VRFs name interfaces and interface lists; their membership is worked out once the interfaces are.
  const vrfRows = env.store.table('ip/vrf').rows;
  const vrfOf = new Map<number, string>();
  for (const row of table.rows) {
    const v = row.values;
    const bridge = bridgeOfInterface(env, row.id)?.id;
    const mac = macOf(env, row);
    const iface: Interface & { vrf: string } = {
      id: row.id, ref: formatId(row.id), name: v.name ?? '', defaultName: v['default-name'], type: v.type ?? '',
      enabled: v.disabled !== 'true', running: isRunning(env, row), mtu: actualMtuOf(env, row), mac,
      storedMac: v['mac-address'] ?? v['orig-mac-address'],
      linkLocal: mac === NO_MAC ? undefined : linkLocalOf(mac).split('/')[0],
      bridge, actual: bridge ?? row.id, vrf: 'main',
      ...(v.type === 'vlan' ? { vlan: { id: Number(v['vlan-id'] ?? 1), parent: resolveRow(v.interface)?.id } } : {}),
      ...(v.type === 'bridge' ? { bridgeSettings: { vlanFiltering: v['vlan-filtering'] === 'true', pvid: Number(v.pvid ?? 1) } } : {}),
      ...(v.type === 'vrrp' ? { vrrp: vrrpOf(env, row) } : {}),
    };
    list.push(iface);
    byId.set(iface.id, iface);
    if (iface.name) byName.set(iface.name, iface);
    if (iface.defaultName && !byDefaultName.has(iface.defaultName)) byDefaultName.set(iface.defaultName, iface);
  }
  /** Whether a list of interfaces and interface lists (`ether2,LAN` or `*3`) names the interface. */
  const names = (stored: string | undefined, iface: Interface) => (stored ?? '').split(',').some((item) => {
    if (!item) return false;
    const row = resolveRow(item);
    return row ? row.id === iface.id : inList(item, iface);
  });
  const vrfs: Vrf[] = vrfRows.map((r) => ({
    name: r.values.name ?? '', enabled: r.values.disabled !== 'true', interfaces: r.values.interfaces ?? '',
    members: list.filter((i) => names(r.values.interfaces, i)).map((i) => i.id),
  }));
  // The first enabled VRF (in order) naming an interface takes it; main has the rest
  // (the built-in one, `interfaces=all`: manual "Virtual Routing and Forwarding").
  for (const vrf of vrfs) {
    if (!vrf.enabled || !vrf.name || vrf.name === 'main') continue;
    for (const id of vrf.members) if (!vrfOf.has(id)) vrfOf.set(id, vrf.name);
  }
  for (const iface of list) (iface as { vrf: string }).vrf = vrfOf.get(iface.id) ?? 'main';

  const ports: BridgePort[] = env.store.table(PORT_TABLE).rows.map((p) => ({
    id: p.id, enabled: p.values.disabled !== 'true', bridge: resolveRow(p.values.bridge)?.id,
    interface: resolveRow(p.values.interface)?.id, pvid: Number(p.values.pvid ?? 1),
  }));
  const bridgeVlans: BridgeVlan[] = env.store.table('interface/bridge/vlan').rows.map((r) => ({
    enabled: r.values.disabled !== 'true', bridge: resolveRow(r.values.bridge)?.id, vlanIds: vlanIds(r.values['vlan-ids']),
    tagged: idsOf(r.values.tagged), untagged: idsOf(r.values.untagged),
  }));
  return {
    list, byId, byName, byDefaultName, ports, bridgeVlans, vrfs, listName,
    resolve: (stored) => { const row = resolveRow(stored); return row && byId.get(row.id); },
    inList: (l, iface) => inList(l, iface),
  };
}

function vrrpOf(env: Environment, row: Row): VrrpInterface {
  const v = row.values;
  const version = v.version ?? '3';
  return {
    parent: rowOf(env, INTERFACE_TABLE, v.interface)?.id,
    vrid: Number(v.vrid ?? 1), priority: Number(v.priority ?? 100), preempt: v['preemption-mode'] !== 'false',
    version, family: version === '3' && v['v3-protocol'] === 'ipv6' ? 'ipv6' : 'ipv4',
    interval: v.interval ?? '1s', authentication: v.authentication ?? 'none', password: v.password ?? '',
    scripts: { 'on-master': v['on-master'], 'on-backup': v['on-backup'], 'on-fail': v['on-fail'] },
    authority: groupAuthorityOf(env, row)?.id,
    state: vrrpState(env, row),
  };
}

const TABLES: Record<Family, string> = { 4: 'ip/address', 6: 'ipv6/address' };

export function readAddresses(env: Environment, interfaces: InterfacesModel): AddressesModel {
  const read = (family: Family): Address[] => {
    const out: Address[] = [];
    for (const a of env.store.table(TABLES[family]).rows) {
      // IPv6: the address the record makes (`from-pool`, `eui-64`); none while its pool has no prefix.
      const made = family === 6 ? madeAddress(env, a.values) : { address: a.values.address };
      const address = made.address ?? (family === 6 && a.values['from-pool'] ? a.values.address || '::/64' : undefined);
      if (!address) continue;
      const iface = interfaces.resolve(a.values.interface);
      const on = iface && interfaces.byId.get(iface.actual);
      const [ip, len] = address.split('/');
      const prefix = Number(len ?? (family === 4 ? 32 : 128));
      const enabled = a.values.disabled !== 'true';
      const stated = a.values.advertise;
      out.push({
        family, id: a.id, dynamic: a.dynamic, enabled, address: `${ip}/${prefix}`, ip, prefix,
        network: networkText(`${ip}/${prefix}`), interfaceRef: a.values.interface ?? '', interface: iface?.id, on: on?.id,
        working: enabled && !!on?.running && made.address !== undefined,
        ...(family === 6 ? { advertise: stated !== 'false' && stated !== 'no' } : {}),
        ...(made.origin ? { origin: made.origin } : {}),
      });
    }
    return out;
  };
  const v4 = read(4), v6 = read(6);
  return { 4: v4, 6: v6, working: { 4: v4.filter((a) => a.working), 6: v6.filter((a) => a.working) } };
}

