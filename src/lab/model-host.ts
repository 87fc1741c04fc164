// The model (./model.ts) of a Linux host of the lab: its interfaces, addresses and routes as
// the kernel holds them after its `exec:` lines (./host-exec.ts), the carrier of its ports and
// what its DHCP clients were given (./host.ts puts a lease into the configuration). Forwarding, ARP and DHCP read it as they read a router's;
// it has no firewall, protocols or discovery (a host container runs none of them). It is built
// again whenever any of the three changes: a host is a handful of interfaces.
//
// Linux's own ways, where they differ from a router's: an interface runs while it is up and
// has carrier (a VLAN interface: its parent runs); a network's route exists while its
// address's interface runs (`proto kernel scope link`); a static route is used while its
// interface runs and its gateway is in a connected network; the routes' metric decides
// between equal prefixes (lowest first). A host does not forward (net.ipv4.ip_forward=0).

import { linkLocalOf } from '../menus/ip/ipv6-address.js';
import { networkOf, type HostConfig, type HostLink } from './host-exec.js';
import type { ActiveRoute, Address, DhcpClient, Interface, RouteRecord, RouterModel } from './model.js';


/** A Linux host's identity as the network sees it (containerlab sets the container's hostname). */
const VERSION = 'Linux';

const ref = (id: number) => `*${id.toString(16).toUpperCase()}`;

export function buildHostModel(name: string, config: HostConfig, carrier: (port: string) => boolean): RouterModel {
  const list: Interface[] = [];
  const byName = new Map<string, Interface>();
  const running = (l: HostLink): boolean => {
    if (!l.up) return false;
    if (!l.vlan) return carrier(l.name);
    const parent = config.links.find((p) => p.name === l.vlan!.parent);
    return !!parent && running(parent);
  };
  config.links.forEach((l, i) => {
    const id = i + 1;
    const iface: Interface = {
      id, ref: ref(id), name: l.name, ...(l.vlan ? {} : { defaultName: l.name }), type: l.vlan ? 'vlan' : 'ether',
      enabled: l.up, running: running(l), mtu: l.mtu, mac: l.mac, storedMac: l.mac, linkLocal: linkLocalOf(l.mac).split('/')[0],
      actual: id, vrf: 'main',
      ...(l.vlan ? { vlan: { id: l.vlan.id, parent: config.links.findIndex((p) => p.name === l.vlan!.parent) + 1 } } : {}),
    };
    list.push(iface);
    byName.set(l.name, iface);
  });
  const byId = new Map(list.map((i) => [i.id, i]));

  const addresses: Address[] = config.addresses.map((a, i) => {
    const iface = byName.get(a.dev)!;
    return {
      family: a.family, id: i + 1, dynamic: !!(a.dhcp || a.slaac), enabled: true, address: `${a.ip}/${a.prefix}`, ip: a.ip, prefix: a.prefix,
      network: `${networkOf(a.family, a.ip, a.prefix)}/${a.prefix}`, interfaceRef: a.dev, interface: iface.id, on: iface.id, working: iface.running,
    };
  });
  const working = (f: 4 | 6) => addresses.filter((a) => a.family === f && a.working);

  // The routes the kernel holds: a network of each working address, and the commands' routes
  // (a lease's default route among them: udhcpc's and dhclient's scripts add it).
  const records: RouteRecord[] = [];
  const active: ActiveRoute[] = [];
  const base = { dynamic: false, enabled: true, scope: 30, targetScope: 10, table: 'main', type: 'unicast' as const, blackhole: false, attributes: {} };
  for (const a of addresses) {
    if (!a.working) continue;
    // A SLAAC address's network is the advertisement's on-link prefix (`proto ra`).
    const ra = config.addresses[a.id - 1].slaac ? { attributes: { proto: 'ra' } } : {};
    const r = { ...base, family: a.family, id: records.length + 1, dynamic: true, dst: a.network!, gateways: [a.interfaceRef], distance: 0, scope: 10, protocol: 'connected', ...ra };
    records.push(r);
    active.push({ ...r, immediateGw: a.interfaceRef, interfaces: [a.interface!], ecmp: false });
  }
  for (const s of config.routes) {
    const iface = byName.get(s.dev)!;
    const dst = `${s.dst}/${s.prefix}`;
    const r: RouteRecord = { ...base, family: s.family, id: records.length + 1, dst, gateways: [s.via ?? s.dev], distance: s.metric, protocol: 'static', ...(s.slaac ? { attributes: { proto: 'ra' } } : {}) };
    records.push(r);
    const reachable = iface.running && (!s.via || s.via.startsWith('fe80:') || working(s.family).some((a) => a.on === iface.id && networkOf(s.family, s.via!, a.prefix) === networkOf(s.family, a.ip, a.prefix)));
    if (reachable) active.push({ ...r, immediateGw: s.via ? `${s.via}%${s.dev}` : s.dev, interfaces: [iface.id], ecmp: false });
  }
  const family = (f: 4 | 6) => active.filter((r) => r.family === f);
  const clients: DhcpClient[] = config.dhcp.map(({ dev }, i) => ({
    family: 4, id: i + 1, enabled: true, interfaceRef: dev, interface: byName.get(dev)!.id, addDefaultRoute: true, defaultRouteDistance: '0',
  }));

  return {
    kind: 'host',
    system: { identity: name, version: VERSION, board: 'linux', discovery: { interfaceList: 'none', protocols: [], mode: 'tx-and-rx' } },
    interfaces: {
      list, byId, byName, byDefaultName: new Map(list.filter((i) => i.defaultName).map((i) => [i.defaultName!, i])),
      ports: [], bridgeVlans: [], vrfs: [],
      resolve: (stored) => (stored === undefined ? undefined : byName.get(stored) ?? list.find((i) => i.ref === stored)),
      listName: () => undefined,
      inList: (l) => l === 'all',
    },
    addresses: { 4: addresses.filter((a) => a.family === 4), 6: addresses.filter((a) => a.family === 6), working: { 4: working(4), 6: working(6) } },
    routing: {
      records: { 4: records.filter((r) => r.family === 4), 6: records.filter((r) => r.family === 6) },
      active: { 4: family(4), 6: family(6) }, tables: [{ name: 'main', fib: true, enabled: true }], rules: [], ids: new Map(),
    },
    firewall: { 4: { filter: [], nat: [], addressLists: new Map() }, 6: { filter: [], nat: [], addressLists: new Map() } },
    dhcp: { servers: [], clients, networks: [], staticLeases: [], ipv6Pools: new Map() },
    ipv6: {
      // A host that does not forward takes router advertisements (accept_ra=1) and makes its
      // addresses from their prefixes (autoconf=1), unless its exec lines said otherwise.
      settings: { disabled: false, forward: false, acceptRouterAdvertisements: config.links.some((l) => l.acceptRa > 0 && l.autoconf) ? 'yes' : 'no' },
      nd: [], ndPrefixes: [],
    },
    tunnels: { list: [], ipsec: { peers: [], identities: [], proposals: [], profiles: [], policies: [] } },
    ospf: { instances: [] },
    bgp: { connections: [], multipath: false },
    filters: { run: (_chain, route) => route },
  };
}
