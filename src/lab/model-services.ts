// What a router's model (./model.ts) holds of the router as a node and of the services it
// offers its links: its identity, release, board and discovery settings; DHCP servers,
// clients, networks and pools of both families; IPv6 settings and router advertisements.

import type { Environment } from '../core/schema.js';
import { parseDuration } from '../core/values.js';
import type { Board, Device } from '../device/board.js';
import { nameOf, rowOf } from './model-interfaces.js';
import type { DhcpClient, DhcpModel, DhcpNetwork, DhcpServer, InterfacesModel, Ipv6Model, NdInterface, SystemModel } from './model.js';

/** The values of a settings menu's record with the defaults its declaration gives (print's view). */
export function settingsOf(env: Environment, path: string, values: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  try {
    for (const [name, field] of env.menu(path).fields) if (field.default !== undefined) out[name] = field.default;
  } catch { /* a menu this router's packages lack: what is stored is all there is */ }
  return { ...out, ...values };
}

const yes = (v: string | undefined) => v === 'true' || v === 'yes';

/** Whether the router's release has the field in the menu (its tree's). */
function hasField(env: Environment, path: string, field: string): boolean {
  try { return env.menu(path).fields.has(field); } catch { return false; }
}

export function readSystem(env: Environment, device: Device, board: Board): SystemModel {
  // /ip/neighbor/discovery-settings with the router's defaults.
  const s = { 'discover-interface-list': 'static', protocol: 'cdp,lldp,mndp', mode: 'tx-and-rx', ...env.store.table('ip/neighbor/discovery-settings').rows[0]?.values };
  return {
    identity: env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik',
    version: device.version, board: board.name,
    discovery: { interfaceList: s['discover-interface-list'], protocols: (s.protocol ?? '').split(','), mode: s.mode },
  };
}

export function readDhcp(env: Environment, interfaces: InterfacesModel): DhcpModel {
  const servers: DhcpServer[] = [];
  for (const r of env.store.table('ip/dhcp-server').rows) {
    const poolRef = r.values['address-pool'];
    const pool = poolRef && poolRef !== 'static-only' ? rowOf(env, 'ip/pool', poolRef) : undefined;
    let leaseMs = 1_800_000;
    try { leaseMs = parseDuration(r.values['lease-time'] ?? '30m'); } catch { /* the default stands */ }
    servers.push({
      family: 4, id: r.id, name: r.values.name ?? '', enabled: r.values.disabled !== 'true',
      interface: interfaces.resolve(r.values.interface)?.id, poolRanges: pool?.values.ranges || undefined, leaseMs,
    });
  }
  // A release whose server has `prefix-pool` delegates from it (`address-pool` gives addresses
  // there); before it, `address-pool` was the pool prefixes came from (routeros-facts.md 54.5).
  const delegatesFrom = hasField(env, 'ipv6/dhcp-server', 'prefix-pool') ? 'prefix-pool' : 'address-pool';
  for (const r of env.store.table('ipv6/dhcp-server').rows) {
    const pd = r.values[delegatesFrom];
    const na = delegatesFrom === 'prefix-pool' ? r.values['address-pool'] : undefined;
    // 3d unless told (community.routeros 2.8.2 `_api_data.py`: routeros-facts.md 54.5).
    let leaseMs = 3 * 86_400_000;
    try { leaseMs = parseDuration(r.values['lease-time'] ?? '3d'); } catch { /* the default stands */ }
    servers.push({
      family: 6, id: r.id, name: r.values.name ?? '', enabled: r.values.disabled !== 'true',
      interface: interfaces.resolve(r.values.interface)?.id, leaseMs,
      poolRanges: undefined, prefixPool: pd && pd !== 'static-only' ? nameOf(env, 'ipv6/pool', pd) : undefined, routeDistance: r.values['route-distance'],
      addressPool: na && na !== 'static-only' ? nameOf(env, 'ipv6/pool', na) : undefined,
    });
  }
  const clients: DhcpClient[] = [];
  for (const [family, table] of [[4, 'ip/dhcp-client'], [6, 'ipv6/dhcp-client']] as const) {
    for (const r of env.store.table(table).rows) {
      clients.push({
        family, id: r.id, enabled: r.values.disabled !== 'true', interfaceRef: r.values.interface ?? '',
        interface: interfaces.resolve(r.values.interface)?.id,
        // A DHCPv6 client adds no default route unless told (manual "DHCP client": default no).
        addDefaultRoute: yes(r.values['add-default-route'] ?? (family === 4 ? 'yes' : 'no')), defaultRouteDistance: r.values['default-route-distance'] ?? '1',
        ...(family === 6 ? {
          request: (r.values.request ?? '').split(',').filter(Boolean), poolName: r.values['pool-name'],
          poolPrefixLength: Number(r.values['pool-prefix-length'] ?? 64),
        } : {}),
      });
    }
  }
  const networks: DhcpNetwork[] = env.store.table('ip/dhcp-server/network').rows.map((r) => ({
    address: r.values.address ?? '', netmask: Number(r.values.netmask ?? 0),
    gateway: r.values.gateway && r.values.gateway !== '0.0.0.0' ? r.values.gateway : undefined,
    dnsServers: (r.values['dns-server'] ?? '').split(',').filter(Boolean), dnsNone: r.values['dns-none'] === 'true',
  }));
  const staticLeases = env.store.table('ip/dhcp-server/lease').rows.flatMap((l) => (!l.dynamic && l.values.address ? [l.values.address] : []));
  const ipv6Pools = new Map<string, { prefix: string; prefixLength: number }>();
  for (const r of env.store.table('ipv6/pool').rows) {
    if (r.values.name) ipv6Pools.set(r.values.name, { prefix: r.values.prefix ?? '', prefixLength: Number(r.values['prefix-length'] ?? 64) });
  }
  return { servers, clients, networks, staticLeases, ipv6Pools };
}

export function readIpv6(env: Environment): Ipv6Model {
  const s = settingsOf(env, 'ipv6/settings', env.store.table('ipv6/settings').rows[0]?.values);
  const nd: NdInterface[] = env.store.table('ipv6/nd').rows.map((r) => ({
    enabled: r.values.disabled !== 'true', interface: r.values.interface ?? 'all',
    raInterval: r.values['ra-interval'] ?? '3m20s-10m', raLifetime: r.values['ra-lifetime'] ?? '30m',
    managedAddressConfiguration: yes(r.values['managed-address-configuration']), otherConfiguration: yes(r.values['other-configuration']),
    advertiseMacAddress: r.values['advertise-mac-address'] !== 'false' && r.values['advertise-mac-address'] !== 'no',
    advertiseDns: r.values['advertise-dns'] !== 'false' && r.values['advertise-dns'] !== 'no',
  }));
  const ndPrefixes = env.store.table('ipv6/nd/prefix').rows.filter((r) => r.values.disabled !== 'true').map((r) => ({
    prefix: r.values.prefix ?? '', interface: r.values.interface ?? '',
    autonomous: r.values.autonomous !== 'false' && r.values.autonomous !== 'no', onLink: r.values['on-link'] !== 'false' && r.values['on-link'] !== 'no',
  }));
  return {
    settings: {
      disabled: yes(s['disable-ipv6']), forward: s.forward === undefined || yes(s.forward),
      acceptRouterAdvertisements: s['accept-router-advertisements'] ?? 'yes-if-forwarding-disabled',
      acceptRouterAdvertisementsOn: s['accept-router-advertisements-on'] ?? 'all',
    },
    nd, ndPrefixes,
  };
}
